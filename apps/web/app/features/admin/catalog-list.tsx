import { DESK_SORTS, type BookStatus, type DeskBookRow } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import { DeskFilters, DeskTable, titleColumn, updatedColumn, type DeskFilter, type DeskList } from './desk-table';
import { Chip, type Column, type Tone } from './ui';

const t = mn.admin.catalog;

/** `/admin/catalog`: its filter's keys as the URL carries them */
export const CATALOG_LIST: DeskList<CatalogFilterKey> = {
  path: '/admin/catalog',
  keys: ['q', 'status', 'format', 'sort'],
};
type CatalogFilterKey = 'q' | 'status' | 'format' | 'sort';

/** The start of a title or an id, status, format and order; kept in the URL, so a view can be shared. */
export function CatalogFilters({
  filter,
  errors,
}: {
  filter: DeskFilter<CatalogFilterKey>;
  errors: Record<string, string>;
}) {
  return (
    <DeskFilters
      list={CATALOG_LIST}
      filter={filter}
      errors={errors}
      selects={[
        { key: 'status', label: t.status, any: t.anyStatus, options: Object.entries(t.statuses) },
        { key: 'format', label: t.format, any: t.anyFormat, options: Object.entries(t.formats) },
        { key: 'sort', label: t.sort, options: DESK_SORTS.map((sort) => [sort, t.sorts[sort]] as const) },
      ]}
    />
  );
}

const STATUS_TONES: Record<BookStatus | 'scheduled', Tone> = {
  draft: 'neutral',
  published: 'good',
  withdrawn: 'bad',
  scheduled: 'info',
};

/** A title's status as the list's filter names it: a draft with a publication time is scheduled. */
export const shownStatus = (book: { status: BookStatus; publish_at: string | null }) =>
  book.status === 'draft' && book.publish_at ? 'scheduled' : book.status;

/** The status as a chip; a scheduled one with its time, in Ulaanbaatar (unless the page says it beside). */
export function BookStatusChip({
  book,
  withTime = true,
}: {
  book: { status: BookStatus; publish_at: string | null };
  withTime?: boolean;
}) {
  const status = shownStatus(book);
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Chip tone={STATUS_TONES[status]}>{t.statuses[status]}</Chip>
      {withTime && status === 'scheduled' && book.publish_at ? (
        <time dateTime={book.publish_at} className="text-xs whitespace-nowrap text-muted tabular-nums">
          {t.scheduledFor(formatDateTime(book.publish_at))}
        </time>
      ) : null}
    </span>
  );
}

/** Which files a title holds: audio, e-book, or none yet. */
export function FormatChips({ book }: { book: { has_audio: boolean; has_ebook: boolean } }) {
  if (!book.has_audio && !book.has_ebook) return <span className="text-xs text-muted">{t.noFile}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {book.has_audio ? <Chip tone="brand">{t.audio}</Chip> : null}
      {book.has_ebook ? <Chip tone="info">{t.ebook}</Chip> : null}
    </span>
  );
}

/** A page of titles: cover and title (to the title's page) with its authors, status, files, last change. */
export function CatalogTable({ rows }: { rows: readonly DeskBookRow[] }) {
  const columns: Column<DeskBookRow>[] = [
    titleColumn(
      t.book,
      (row) => `/admin/catalog/${row.id}`,
      (row) => (row.authors.length > 0 ? row.authors.join(', ') : t.noAuthors),
    ),
    { id: 'status', header: t.status, className: 'md:w-44', cell: (row) => <BookStatusChip book={row} /> },
    { id: 'files', header: t.formatsHeld, className: 'md:w-36', cell: (row) => <FormatChips book={row} /> },
    updatedColumn(),
  ];
  return <DeskTable label={t.list} columns={columns} rows={rows} empty={t.empty} />;
}
