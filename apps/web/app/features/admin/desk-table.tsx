import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { Image } from '@nomsan/contracts/catalog';
import { isApiError, type ApiClient } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import { fieldsOf } from '~/lib/form';
import { TextField } from '~/ui/form';
import { ChevronRightIcon } from '~/ui/icons';
import { staffLoad } from './admin-api';
import { DataTable, Panel, SelectField, adminButton, type Column } from './ui';

/**
 * The back office's keyset lists (titles, summaries, bundles): the filter lives in the URL, is
 * checked with the API's own query schema before the API is asked (a wrong one says so under its
 * field), the server sorts, filters and pages (`after`, the page before's `next`), and the page
 * shows the filter, a table of the rows and the links to the first and the next page.
 */

const c = mn.admin.catalog;
const PAGE_SIZE = 50;

/** A list's filter as the URL carries it: strings, empty for none (`sort` empty: the list's first order). */
export type DeskFilter<K extends string> = Record<K, string>;

/** A list of the desk: its page's path and the keys of its filter, in the order the URL writes them. */
export interface DeskList<K extends string> {
  path: string;
  keys: readonly K[];
}

/** The list's page with these filters (empty ones left out), from the keyset `after` when given. */
export function deskHref<K extends string>(list: DeskList<K>, filter: Partial<DeskFilter<K>>, after?: string): string {
  const params = new URLSearchParams();
  for (const key of list.keys) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  if (after) params.set('after', after);
  const query = params.toString();
  return query ? `${list.path}?${query}` : list.path;
}

export interface DeskPageData<K extends string, R> {
  filter: DeskFilter<K>;
  /** past the first page */
  paged: boolean;
  /** null: the filter is wrong (its errors say where) */
  page: { rows: R[]; next: string | null } | null;
  errors: Record<string, string>;
}

/**
 * A list page's loader: the filter from the URL, checked with `schema` (a page of 50); a wrong
 * one asks the API nothing, and neither does a keyset cursor nobody made (the API's 400).
 */
export async function loadDeskList<K extends string, S extends z.ZodType, R>(
  request: Request,
  list: DeskList<K>,
  schema: S,
  fetch: (api: ApiClient, query: z.output<S>) => Promise<{ rows: R[]; next: string | null }>,
): Promise<DeskPageData<K, R>> {
  const params = new URL(request.url).searchParams;
  const value = (key: string) => params.get(key)?.trim() ?? '';
  const filter = Object.fromEntries(list.keys.map((key) => [key, value(key)])) as DeskFilter<K>;
  const after = value('after');
  const paged = after !== '';
  const query = schema.safeParse({
    ...Object.fromEntries(Object.entries(filter).filter(([, text]) => text !== '')),
    ...(after ? { after } : {}),
    limit: String(PAGE_SIZE),
  });
  if (!query.success) return { filter, paged, page: null, errors: fieldsOf(query.error) };
  const checked = query.data;
  return staffLoad(request, async (api) => {
    try {
      return { filter, paged, page: await fetch(api, checked), errors: {} };
    } catch (error) {
      // a keyset cursor nobody made (a URL typed by hand): the filter is wrong, not the page
      if (isApiError(error) && error.status === 400)
        return { filter, paged: true, page: null, errors: { ...error.fields } };
      throw error;
    }
  });
}

/** One of a filter's selects: its options as value and label; `any` the empty choice (none: the first option is the default). */
export interface DeskSelect<K extends string> {
  key: K;
  label: string;
  options: readonly (readonly [value: string, label: string])[];
  any?: string;
}

/**
 * The start of a title or an id, and the list's selects (its order last); kept in the URL, so a
 * view can be shared. Three selects go under the search box, fewer beside it.
 */
export function DeskFilters<K extends string>({
  list,
  filter,
  errors,
  selects,
}: {
  list: DeskList<K | 'q'>;
  filter: DeskFilter<K | 'q'>;
  errors: Record<string, string>;
  selects: readonly DeskSelect<K>[];
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filter);
  // a new URL (the back button, "clear") is the filter shown
  const [shown, setShown] = useState(filter);
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  const set = (key: K | 'q') => (event: { target: { value: string } }) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(deskHref(list, draft));
  }
  const below = selects.length >= 3;
  return (
    <form
      method="get"
      action={list.path}
      role="search"
      onSubmit={apply}
      aria-label={c.filters}
      className={`grid grid-cols-2 gap-3 md:items-end ${below ? 'md:grid-cols-[repeat(3,minmax(0,1fr))_auto]' : 'md:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))_auto]'}`}
    >
      <TextField
        label={c.search}
        name="q"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={c.searchHint}
        value={draft.q}
        onChange={set('q')}
        error={errors.q}
        className={below ? 'col-span-2 md:col-span-3' : 'col-span-2 md:col-span-1'}
      />
      {selects.map((select, index) => (
        <SelectField
          key={select.key}
          label={select.label}
          name={select.key}
          value={select.any === undefined ? draft[select.key] || select.options[0]![0] : draft[select.key]}
          onChange={set(select.key)}
          error={errors[select.key]}
          // an odd one out takes the phone's whole row
          className={selects.length % 2 === 1 && index === selects.length - 1 ? 'col-span-2 md:col-span-1' : ''}
        >
          {select.any === undefined ? null : <option value="">{select.any}</option>}
          {select.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      ))}
      {/* beside the search box on a wide screen */}
      <div className={`col-span-2 flex gap-2 md:col-span-1 ${below ? 'md:col-start-4 md:row-start-1' : ''}`}>
        <button type="submit" className={adminButton('primary', 'md', 'h-12 flex-1 md:flex-none')}>
          {c.apply}
        </button>
        <Link to={list.path} className={adminButton('secondary', 'md', 'h-12')}>
          {c.clear}
        </Link>
      </div>
    </form>
  );
}

/** The links to the first page (once past it) and the next one (while there is one). */
export function KeysetNav({
  paged,
  firstHref,
  nextHref,
  firstLabel = c.first,
  nextLabel = c.next,
}: {
  paged: boolean;
  firstHref: string;
  nextHref: string | null;
  firstLabel?: string;
  nextLabel?: string;
}) {
  if (!paged && !nextHref) return null;
  return (
    <nav aria-label={mn.pagination.label} className="flex flex-wrap justify-between gap-2">
      {paged ? (
        <Link to={firstHref} className={adminButton('secondary')}>
          {firstLabel}
        </Link>
      ) : (
        <span />
      )}
      {nextHref ? (
        <Link to={nextHref} rel="next" className={adminButton('secondary')}>
          {nextLabel}
          <ChevronRightIcon width={16} height={16} />
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A list page's body: the filter, the table of the page's rows (or why the filter is wrong), and
 * the keyset's links.
 */
export function DeskListBody<K extends string, R>({
  list,
  data,
  filters,
  label,
  table,
}: {
  list: DeskList<K>;
  data: DeskPageData<K, R>;
  filters: ReactNode;
  label: string;
  table: (rows: R[]) => ReactNode;
}) {
  const { filter, paged, page } = data;
  return (
    <div className="space-y-5">
      <Panel>{filters}</Panel>
      <Panel title={label} flush>
        {page ? (
          table(page.rows)
        ) : (
          <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 sm:px-5">
            {mn.catalogDesk.filterInvalid}
          </p>
        )}
      </Panel>
      <KeysetNav
        paged={paged}
        firstHref={deskHref(list, filter)}
        nextHref={page?.next ? deskHref(list, filter, page.next) : null}
      />
    </div>
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

/** The first column of a desk list: the cover and the title, a link to its page, and a line about it ending with its id. */
export function titleColumn<R extends { id: number; title: string; cover: Image }>(
  header: string,
  path: (row: R) => string,
  about: (row: R) => ReactNode,
): Column<R> {
  return {
    id: 'title',
    header,
    bare: true,
    cell: (row) => (
      <Link to={path(row)} className="group flex min-w-0 items-start gap-3">
        <CoverThumb image={row.cover} />
        <span className="min-w-0">
          <span className="block font-semibold [overflow-wrap:anywhere] group-hover:text-brand">{row.title}</span>
          <span className="block text-xs text-muted [overflow-wrap:anywhere]">
            {about(row)}
            <span className="ml-1.5 font-mono">#{row.id}</span>
          </span>
        </span>
      </Link>
    ),
  };
}

/** The last column of a desk list: when a row last changed. */
export function updatedColumn<R extends { updated_at: string }>(): Column<R> {
  return {
    id: 'updated',
    header: c.updated,
    className: 'md:w-40 whitespace-nowrap tabular-nums',
    cell: (row) => <time dateTime={row.updated_at}>{formatDateTime(row.updated_at)}</time>,
  };
}

/** A desk list's table: the rows by id, the list's own empty message. */
export function DeskTable<R extends { id: number }>({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  empty: string;
}) {
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(row) => row.id} empty={empty} />;
}
