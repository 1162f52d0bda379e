import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Image } from '@nomsan/contracts/catalog';
import { DESK_SORTS, type BookStatus, type DeskBookRow } from '@nomsan/contracts/catalog-desk';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import { TextField } from '~/ui/form';
import { Chip, DataTable, SelectField, adminButton, type Column, type Tone } from './ui';

const t = mn.admin.catalog;

/** The list's filter as the URL carries it (strings; empty for none, `sort` empty for by change). */
export interface CatalogFilter {
  q: string;
  status: string;
  format: string;
  sort: string;
}

const CATALOG_FILTER_KEYS = ['q', 'status', 'format', 'sort'] as const;

/** `/admin/catalog` with these filters (empty ones left out), from the keyset `after` when given. */
export function catalogHref(filter: Partial<CatalogFilter>, after?: string): string {
  const params = new URLSearchParams();
  for (const key of CATALOG_FILTER_KEYS) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `/admin/catalog?${query}` : '/admin/catalog';
}

/** The start of a title or an id, status, format and order; kept in the URL, so a view can be shared. */
export function CatalogFilters({ filter, errors }: { filter: CatalogFilter; errors: Record<string, string> }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filter);
  // a new URL (the back button, "clear") is the filter shown
  const [shown, setShown] = useState(filter);
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  const set = (key: keyof CatalogFilter) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(catalogHref(draft));
  }
  return (
    <form
      method="get"
      action="/admin/catalog"
      role="search"
      onSubmit={apply}
      aria-label={t.filters}
      className="grid grid-cols-2 gap-3 md:grid-cols-[repeat(3,minmax(0,1fr))_auto] md:items-end"
    >
      <TextField
        label={t.search}
        name="q"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t.searchHint}
        value={draft.q}
        onChange={set('q')}
        error={errors.q}
        className="col-span-2 md:col-span-3"
      />
      <SelectField label={t.status} name="status" value={draft.status} onChange={set('status')} error={errors.status}>
        <option value="">{t.anyStatus}</option>
        {Object.entries(t.statuses).map(([status, label]) => (
          <option key={status} value={status}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t.format} name="format" value={draft.format} onChange={set('format')} error={errors.format}>
        <option value="">{t.anyFormat}</option>
        {Object.entries(t.formats).map(([format, label]) => (
          <option key={format} value={format}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.sort}
        name="sort"
        value={draft.sort || 'updated'}
        onChange={set('sort')}
        error={errors.sort}
        className="col-span-2 md:col-span-1"
      >
        {DESK_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t.sorts[sort]}
          </option>
        ))}
      </SelectField>
      {/* beside the search box on a wide screen, the three filters below them */}
      <div className="col-span-2 flex gap-2 md:col-span-1 md:col-start-4 md:row-start-1">
        <button type="submit" className={adminButton('primary', 'md', 'h-12 flex-1 md:flex-none')}>
          {t.apply}
        </button>
        <Link to="/admin/catalog" className={adminButton('secondary', 'md', 'h-12')}>
          {t.clear}
        </Link>
      </div>
    </form>
  );
}

/** A cover as small as a table row: its colour until (or instead of) the image. */
export function CoverThumb({ image, className = 'w-10' }: { image: Image; className?: string }) {
  const style = { backgroundColor: image.color, aspectRatio: `${image.width} / ${image.height}` };
  return image.sm ? (
    <img
      src={image.sm}
      alt=""
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      style={style}
      className={`block h-auto shrink-0 rounded-sm object-cover ring-1 ring-line ${className}`}
    />
  ) : (
    <span aria-hidden="true" style={style} className={`block shrink-0 rounded-sm ring-1 ring-line ${className}`} />
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
    {
      id: 'book',
      header: t.book,
      bare: true,
      cell: (row) => (
        <Link to={`/admin/catalog/${row.id}`} className="group flex min-w-0 items-start gap-3">
          <CoverThumb image={row.cover} />
          <span className="min-w-0">
            <span className="block font-semibold [overflow-wrap:anywhere] group-hover:text-brand">{row.title}</span>
            <span className="block text-xs text-muted">
              {row.authors.length > 0 ? row.authors.join(', ') : t.noAuthors}
              <span className="ml-1.5 font-mono">#{row.id}</span>
            </span>
          </span>
        </Link>
      ),
    },
    { id: 'status', header: t.status, className: 'md:w-44', cell: (row) => <BookStatusChip book={row} /> },
    { id: 'files', header: t.formatsHeld, className: 'md:w-36', cell: (row) => <FormatChips book={row} /> },
    {
      id: 'updated',
      header: t.updated,
      className: 'md:w-40 whitespace-nowrap tabular-nums',
      cell: (row) => <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>,
    },
  ];
  return <DataTable label={t.list} columns={columns} rows={rows} rowKey={(row) => row.id} empty={t.empty} />;
}
