import { useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { deskIdParams, type DeskBook, type DeskOffer } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { RecordingPanel } from '~/features/admin/catalog-book-audio';
import { CoverPanel, EbookPanel } from '~/features/admin/catalog-book-files';
import { BookForm } from '~/features/admin/catalog-book-form';
import { OffersPanel } from '~/features/admin/catalog-book-offers';
import { BookStatusPanel } from '~/features/admin/catalog-book-status';
import { CoverThumb } from '~/features/admin/catalog-list';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { formatDateTime } from '~/lib/format';
import { href } from '~/lib/links';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-catalog-book';

const t = mn.admin.book;

/** The title, what it sells, the categories to choose from and where its recording is; an id that is no number is not found. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = deskIdParams.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  return staffLoad(request, async (api) => {
    const [book, offers, categories, audio] = await Promise.all([
      api.call(catalogDeskEndpoints.book, { params: id.data }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.offers, { params: id.data }).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.categories).then((answer) => answer.data),
      api.call(catalogDeskEndpoints.audioStatus, { params: id.data }).then((answer) => answer.data),
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
  // what the last change answered, until the page's data is read again
  const [changed, setChanged] = useState<{ book?: DeskBook; offers?: DeskOffer[] }>({});
  const [loaded, setLoaded] = useState(loaderData);
  if (loaded !== loaderData) {
    setLoaded(loaderData);
    setChanged({});
  }
  const book = changed.book ?? loaderData.book;
  const offers = changed.offers ?? loaderData.offers;
  const held = [...(book.has_audio ? (['audiobook'] as const) : []), ...(book.has_ebook ? (['ebook'] as const) : [])];
  const onBook = (next: DeskBook) => {
    setChanged((previous) => ({ ...previous, book: next }));
    void revalidate();
  };
  return (
    <>
      <div className="mb-3">
        <Link
          to="/admin/catalog"
          className="inline-flex items-center gap-1 text-sm font-semibold text-muted hover:text-brand"
        >
          <ChevronLeftIcon width={16} height={16} />
          {t.back}
        </Link>
      </div>
      <div className="mb-5 flex items-start gap-4">
        <CoverThumb image={book.cover} className="w-14 sm:w-16" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={book.title}
            lead={`#${book.id} · ${t.updated(formatDateTime(book.updated_at))}`}
            actions={
              book.status === 'published' ? (
                <a href={publicPath(book)} target="_blank" rel="noopener" className={adminButton('secondary')}>
                  {t.publicPage}
                </a>
              ) : null
            }
          />
        </div>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <aside className="space-y-5 lg:order-last">
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
        </aside>
        <div className="min-w-0 space-y-5">
          <BookForm key={book.id} book={book} categories={loaderData.categories} onSaved={onBook} />
          <OffersPanel
            bookId={book.id}
            held={held}
            offers={offers}
            onChanged={(next) => setChanged((previous) => ({ ...previous, offers: next }))}
          />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
