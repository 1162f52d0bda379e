import { lazy, Suspense } from 'react';
import { data } from 'react-router';
import { idParam } from '@nomsan/contracts/http';
import { mn } from '@nomsan/contracts/messages';
import { href } from '~/lib/links';
import { required } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { useHydrated } from '~/lib/use-hydrated';
import type { Route } from './+types/reader';

/** foliate-js and the reader load only on this page, and only in the browser */
const EpubReader = lazy(() => import('~/features/reader/epub-reader'));

/**
 * `/reader/book/:id`: the e-book in the reader. The page itself is the same for everyone; what
 * the reader shows (the whole book or the sample) comes from the member's own call.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idParam.safeParse(params.id);
  if (!id.success) throw data(null, { status: 404 });
  const book = await required(context.api.book(id.data));
  return {
    book: {
      id: book.id,
      title: book.title,
      href: book.type === 'english_book' ? href.englishBook(book.slug) : href.book(book.slug),
      hasAudio: book.audiobook !== null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? mn.reader.pageTitle(loaderData.book.title) : mn.reader.read);

function Opening() {
  return (
    <p role="status" className="grid h-dvh place-items-center text-sm text-muted">
      {mn.reader.loading}
    </p>
  );
}

export default function ReaderPage({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  if (!hydrated) return <Opening />;
  return (
    <Suspense fallback={<Opening />}>
      <EpubReader book={loaderData.book} />
    </Suspense>
  );
}
