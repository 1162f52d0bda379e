import { useRevalidator } from 'react-router';
import type { DeskBook, DeskOffer } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { RecordingPanel } from '~/features/admin/catalog-book-audio';
import { CoverPanel, EbookPanel } from '~/features/admin/catalog-book-files';
import { BookForm } from '~/features/admin/catalog-book-form';
import { OffersPanel } from '~/features/admin/catalog-book-offers';
import { BookStatusPanel } from '~/features/admin/catalog-book-status';
import {
  DeskTitleHeader,
  DeskTitleLayout,
  changedAt,
  loadDeskTitle,
  useChangedSince,
} from '~/features/admin/desk-page';
import { href } from '~/lib/links';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-catalog-book';

const t = mn.admin.book;

/** The title, what it sells, the categories to choose from and where its recording is. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadDeskTitle(request, params, async (api, id) => {
    const [book, offers, categories, audio] = await Promise.all([
      api.call(catalogDeskEndpoints.book, { params: id }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.offers, { params: id }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.categories).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.audioStatus, { params: id }).then((answer) => answer.data),
    ]);
    return { book, offers, categories, audio };
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  privatePageMeta(loaded?.book.title ?? mn.admin.catalog.title);

/** The page members see: the store's own address for a title of this kind (links.ts). */
const publicPath = (book: DeskBook) =>
  book.kind === 'english_book' ? href.englishBook(book.slug) : href.book(book.slug);

/**
 * `/admin/catalog/:id` (editors): a title's fields, people and categories; its status (publish,
 * withdraw, draft, schedule); its cover, EPUB and recording; what each of its formats sells; its
 * page in the store once published.
 */
export default function AdminCatalogBook({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [changed, change] = useChangedSince<typeof loaderData, { book: DeskBook; offers: DeskOffer[] }>(loaderData);
  const book = changed.book ?? loaderData.book;
  const offers = changed.offers ?? loaderData.offers;
  const held = [...(book.has_audio ? (['audiobook'] as const) : []), ...(book.has_ebook ? (['ebook'] as const) : [])];
  const onBook = (next: DeskBook) => {
    change({ book: next });
    void revalidate();
  };
  return (
    <>
      <DeskTitleHeader
        back={{ to: '/admin/catalog', label: t.back }}
        item={book}
        when={changedAt(book.updated_at)}
        publicPage={book.status === 'published' ? { href: publicPath(book), label: t.publicPage } : null}
      />
      <DeskTitleLayout
        aside={
          <>
            {/* a new state of the title starts the panel afresh (no refusal left from before its file came) */}
            <BookStatusPanel key={`${book.id}:${book.updated_at}`} book={book} onChanged={onBook} />
            <CoverPanel key={`cover-${book.id}`} book={book} onChanged={onBook} />
            <EbookPanel key={`ebook-${book.id}`} book={book} onChanged={onBook} />
            <RecordingPanel
              key={`audio-${book.id}`}
              target={book}
              initial={loaderData.audio}
              onChanged={() => void revalidate()}
            />
          </>
        }
      >
        <BookForm key={book.id} book={book} categories={loaderData.categories} onSaved={onBook} />
        <OffersPanel bookId={book.id} held={held} offers={offers} onChanged={(next) => change({ offers: next })} />
      </DeskTitleLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
