import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { collectionsDeskEndpoints } from '@nomsan/contracts/collections-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { toast } from '~/lib/toasts';
import { Spinner } from '~/ui/form';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon } from '~/ui/icons';
import { adminApi } from './admin-api';
import { useStaffFailure } from './form';

const t = mn.admin.picker;
/** how long typing pauses before the search is sent */
const SEARCH_DELAY_MS = 200;
const RESULTS = 8;

/** A person or a publisher as a form holds it. */
export interface Named {
  id: number;
  name: string;
}

interface Found extends Named {
  books?: number;
}

const searchPeople = async (q: string): Promise<Found[]> =>
  (await adminApi().call(catalogDeskEndpoints.contributors, { query: { ...(q ? { q } : {}), limit: RESULTS } })).data;
const searchPublishers = async (q: string): Promise<Found[]> =>
  (await adminApi().call(catalogDeskEndpoints.publishers, { query: { ...(q ? { q } : {}), limit: RESULTS } })).data;
const createPerson = async (name: string): Promise<Found> =>
  (await adminApi().call(catalogDeskEndpoints.createContributor, { body: { name } })).data;
const createPublisher = async (name: string): Promise<Found> =>
  (await adminApi().call(catalogDeskEndpoints.createPublisher, { body: { name } })).data;
const searchSeries = async (q: string): Promise<Found[]> =>
  (await adminApi().call(catalogDeskEndpoints.series, { query: { ...(q ? { q } : {}), limit: RESULTS } })).data;
const createSeries = async (name: string): Promise<Found> =>
  (await adminApi().call(catalogDeskEndpoints.createSeries, { body: { name } })).data;

/**
 * Search as you type (a combobox and its listbox): names holding what was typed, the ones with
 * most titles first, those chosen already left out; the last option makes a new one by the
 * typed name when none is called exactly that. Arrows move, Enter picks, Escape closes.
 */
function SearchBox({
  label,
  name,
  chosen,
  search,
  create,
  createLabel,
  onPick,
  invalid,
  describedBy,
}: {
  label: string;
  /** the form field it stands for (a refusal's message focuses it) */
  name: string;
  chosen: readonly Named[];
  search: (q: string) => Promise<Found[]>;
  /** makes one by the typed name (none: only what exists is chosen) */
  create?: ((name: string) => Promise<Found>) | undefined;
  createLabel?: ((name: string) => string) | undefined;
  onPick: (found: Named) => void;
  invalid: boolean;
  describedBy?: string | undefined;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const failed = useStaffFailure();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // the names found for what was typed; until it answers for the words in the box, it is searching
  const [answer, setAnswer] = useState<{ text: string; found: Found[] } | null>(null);
  const [active, setActive] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const asked = useRef(0);

  useEffect(() => {
    if (!open) return;
    const mine = ++asked.current;
    const timer = setTimeout(() => {
      search(text.trim())
        .then((found) => {
          if (mine !== asked.current) return;
          setAnswer({ text, found });
          setActive(0);
          setError(null);
        })
        .catch((caught: unknown) => {
          if (mine !== asked.current) return;
          setAnswer({ text, found: [] });
          setError(failed(caught));
        });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // `search` and `failed` are new functions each render; the words typed decide when to ask
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, open]);

  const loading = open && answer?.text !== text;
  const results = answer?.found ?? [];
  const typed = text.trim();
  const options = results.filter((found) => !chosen.some((named) => named.id === found.id));
  const exact = results.some((found) => found.name.toLocaleLowerCase('mn') === typed.toLocaleLowerCase('mn'));
  const canCreate = create !== undefined && typed !== '' && !exact && !loading;
  const count = options.length + (canCreate ? 1 : 0);

  function pick(found: Named) {
    onPick({ id: found.id, name: found.name });
    setText('');
    setOpen(false);
  }

  async function make() {
    if (creating || !create) return;
    setCreating(true);
    setError(null);
    try {
      const made = await create(typed);
      toast.success(t.created(made.name));
      pick(made);
    } catch (caught) {
      setError(failed(caught));
    } finally {
      setCreating(false);
    }
  }

  function choose(index: number) {
    const found = options[index];
    if (found) pick(found);
    else if (canCreate) void make();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (count > 0) setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
    } else if (event.key === 'Enter') {
      // Enter picks here; it never sends the title's form
      event.preventDefault();
      if (open && count > 0) choose(Math.min(active, count - 1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const shown = open && (count > 0 || loading || typed !== '');
  return (
    <div className="relative">
      <input
        type="text"
        name={name}
        role="combobox"
        aria-label={label}
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && count > 0 ? optionId(Math.min(active, count - 1)) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        placeholder={t.placeholder}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={`h-11 w-full rounded-xl border bg-white px-3 text-base text-ink placeholder:text-muted/70 focus:border-brand ${invalid ? 'border-red-600' : 'border-line'}`}
      />
      {creating ? (
        <span className="absolute inset-y-0 right-3 flex items-center text-muted">
          <Spinner />
        </span>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-line bg-white py-1 shadow-lg"
      >
        {options.map((found, index) => (
          <li
            key={found.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // keeps the focus in the input, so its blur does not close the list before the click
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(found)}
            className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${index === active ? 'bg-brand-soft text-brand-dark' : 'hover:bg-surface'}`}
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{found.name}</span>
            {found.books !== undefined ? (
              <span className="shrink-0 text-xs text-muted">{t.books(found.books)}</span>
            ) : null}
          </li>
        ))}
        {canCreate ? (
          <li
            id={optionId(options.length)}
            role="option"
            aria-selected={active === options.length}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => void make()}
            className={`cursor-pointer border-t border-line px-3 py-2 text-sm font-semibold text-brand ${active === options.length ? 'bg-brand-soft' : 'hover:bg-surface'}`}
          >
            {createLabel?.(typed)}
          </li>
        ) : null}
        {loading && options.length === 0 ? (
          <li role="presentation" className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
            <Spinner />
            {t.searching}
          </li>
        ) : !loading && count === 0 ? (
          <li role="presentation" className="px-3 py-2 text-sm text-muted">
            {t.noMatch}
          </li>
        ) : null}
      </ul>
      {error ? (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const iconButton =
  'inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink disabled:opacity-30 disabled:hover:bg-transparent';

/**
 * Authors, narrators or translators: the people chosen, in the order the title shows them
 * (moved up and down, removed), and a search that adds one, or makes a new person inline.
 */
export function PeoplePicker(props: {
  legend: string;
  name: string;
  value: readonly Named[];
  onChange: (people: Named[]) => void;
  error?: string | undefined;
}) {
  return <ManyPicker {...props} search={searchPeople} create={createPerson} createLabel={t.createPerson} />;
}

/**
 * Several of something found by name, in the order chosen (moved up and down, removed), each
 * once (the search leaves out those chosen); made inline when `create` is given. A bundle's
 * titles, a title's people.
 */
export function ManyPicker({
  legend,
  name,
  value,
  onChange,
  error,
  search,
  create,
  createLabel,
}: {
  legend: string;
  name: string;
  value: readonly Named[];
  onChange: (chosen: Named[]) => void;
  error?: string | undefined;
  search: (q: string) => Promise<Found[]>;
  create?: (name: string) => Promise<Found>;
  createLabel?: (name: string) => string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const move = (from: number, to: number) => {
    const next = [...value];
    const [person] = next.splice(from, 1);
    next.splice(to, 0, person!);
    onChange(next);
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      {value.length > 0 ? (
        <ol aria-label={legend} className="mb-2 divide-y divide-line rounded-xl border border-line">
          {value.map((person, index) => (
            <li key={person.id} className="flex items-center gap-1 py-1 pr-1 pl-3">
              <span className="w-5 shrink-0 text-xs text-muted tabular-nums">{index + 1}.</span>
              <span className="min-w-0 flex-1 text-sm font-semibold [overflow-wrap:anywhere]">{person.name}</span>
              <button
                type="button"
                aria-label={t.up(person.name)}
                title={t.up(person.name)}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
                className={iconButton}
              >
                <ChevronUpIcon width={16} height={16} />
              </button>
              <button
                type="button"
                aria-label={t.down(person.name)}
                title={t.down(person.name)}
                disabled={index === value.length - 1}
                onClick={() => move(index, index + 1)}
                className={iconButton}
              >
                <ChevronDownIcon width={16} height={16} />
              </button>
              <button
                type="button"
                aria-label={t.remove(person.name)}
                title={t.remove(person.name)}
                onClick={() => onChange(value.filter((other) => other.id !== person.id))}
                className={`${iconButton} hover:text-red-700`}
              >
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      <SearchBox
        label={legend}
        name={name}
        chosen={value}
        search={search}
        create={create}
        createLabel={createLabel}
        onPick={(picked) => onChange([...value, picked])}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The publisher: one or none, found by name or made inline. */
export function PublisherPicker(props: {
  legend: string;
  name: string;
  value: Named | null;
  onChange: (publisher: Named | null) => void;
  error?: string | undefined;
}) {
  return (
    <OnePicker
      {...props}
      search={searchPublishers}
      create={createPublisher}
      createLabel={t.createPublisher}
      clearLabel={t.clearPublisher}
    />
  );
}

/** The series a title belongs to: one or none, found by name or made inline. */
export function SeriesPicker(props: {
  legend: string;
  name: string;
  value: Named | null;
  onChange: (series: Named | null) => void;
  error?: string | undefined;
}) {
  return (
    <OnePicker
      {...props}
      search={searchSeries}
      create={createSeries}
      createLabel={t.createSeries}
      clearLabel={t.clearSeries}
    />
  );
}

const searchBooks = async (q: string, published = false): Promise<Found[]> =>
  (
    await adminApi().call(catalogDeskEndpoints.books, {
      query: {
        ...(q ? { q } : {}),
        ...(published ? { status: 'published' as const } : {}),
        sort: 'title',
        limit: RESULTS,
      },
    })
  ).data.rows.map((book) => ({ id: book.id, name: book.title }));
const searchPublishedBooks = (q: string) => searchBooks(q, true);

interface PickOneProps<T> {
  legend: string;
  name: string;
  value: Named | null;
  onChange: (chosen: T | null) => void;
  clearLabel: string;
  error?: string | undefined;
}

/**
 * A title of the catalogue (a summary's book, a topic's or the showcase's): one or none, found
 * by the start of its title or its id; `published`: only what members see.
 */
export function BookPicker({ published = false, ...props }: PickOneProps<Named> & { published?: boolean }) {
  return <OnePicker {...props} search={published ? searchPublishedBooks : searchBooks} />;
}

const searchSummaries = async (q: string): Promise<Found[]> =>
  (
    await adminApi().call(catalogDeskEndpoints.summaries, {
      query: { ...(q ? { q } : {}), sort: 'title', limit: RESULTS },
    })
  ).data.rows.map((summary) => ({ id: summary.id, name: summary.title }));

/** A book summary (a topic's): one or none, found by the start of its title or its id. */
export function SummaryPicker(props: PickOneProps<Named>) {
  return <OnePicker {...props} search={searchSummaries} />;
}

const searchPodcasts = async (q: string): Promise<Found[]> =>
  (await adminApi().call(collectionsDeskEndpoints.podcasts, { query: q ? { q } : {} })).data;

/** A podcast members see (a topic's): one or none, found by a part of its name. */
export function PodcastPicker(props: PickOneProps<Named>) {
  return <OnePicker {...props} search={searchPodcasts} />;
}

/** One or none of something found by name (made inline when `create` is given). */
function OnePicker({
  legend,
  name,
  value,
  onChange,
  error,
  search,
  create,
  createLabel,
  clearLabel,
}: {
  legend: string;
  name: string;
  value: Named | null;
  onChange: (chosen: Named | null) => void;
  error?: string | undefined;
  search: (q: string) => Promise<Found[]>;
  create?: (name: string) => Promise<Found>;
  createLabel?: (name: string) => string;
  clearLabel: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      {value ? (
        <p className="mb-2 flex items-center gap-1 rounded-xl border border-line py-1 pr-1 pl-3">
          <span className="min-w-0 flex-1 text-sm font-semibold [overflow-wrap:anywhere]">{value.name}</span>
          <button
            type="button"
            aria-label={clearLabel}
            title={clearLabel}
            onClick={() => onChange(null)}
            className={`${iconButton} hover:text-red-700`}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </p>
      ) : null}
      <SearchBox
        label={legend}
        name={name}
        chosen={value ? [value] : []}
        search={search}
        create={create}
        createLabel={createLabel}
        onPick={onChange}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The categories to choose from (a sub-category under its parent's name), as checkboxes. */
export function CategoryChecklist({
  legend,
  hint,
  categories,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint: string;
  categories: readonly { id: number; title: string; parent_id: number | null }[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const titles = new Map(categories.map((category) => [category.id, category.title]));
  const labelled = categories
    .map((category) => ({
      id: category.id,
      label:
        category.parent_id !== null && titles.has(category.parent_id)
          ? `${titles.get(category.parent_id)} › ${category.title}`
          : category.title,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, 'mn'));
  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className="min-w-0">
      {/* the panel around it shows the same words as its heading */}
      <legend className="sr-only">{legend}</legend>
      <p id={`${id}-hint`} className="mb-3 text-sm text-muted">
        {hint}
      </p>
      <div className={`grid grid-cols-2 gap-1.5 xl:grid-cols-3 ${error ? 'rounded-lg ring-1 ring-red-600' : ''}`}>
        {labelled.map((category) => (
          <label
            key={category.id}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-line px-3 py-2 text-sm hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft/50"
          >
            <input
              type="checkbox"
              name="category_ids"
              value={category.id}
              checked={value.includes(category.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked ? [...value, category.id] : value.filter((chosen) => chosen !== category.id),
                )
              }
              className="size-4 shrink-0 accent-brand"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">{category.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
