import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Category } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import type { SearchHit } from '@nomsan/contracts/search';
import { itemHref, searchHref } from '~/lib/links';
import { Cover } from '~/ui/cover';
import { SearchIcon } from '~/ui/icons';
import { SUGGEST_MIN_CHARS, useSuggestions } from './use-suggestions';

/** The format a suggestion is, in a word: what the reader will get. */
function formatLabel(hit: SearchHit): string {
  switch (hit.type) {
    case 'summary':
      return mn.book.summary;
    case 'episode':
      return mn.book.episode;
    default:
      return hit.formats.map((f) => (f === 'audiobook' ? mn.book.audiobook : mn.book.ebook)).join(' · ');
  }
}

function byline(hit: SearchHit): string {
  return hit.type === 'episode' ? hit.podcast.title : hit.authors.map((a) => a.name).join(', ');
}

/**
 * The header search box. Focused and empty, it offers the popular searches (only when there are
 * any) and the categories; from the second letter it suggests items as you type, navigable with
 * the arrow keys, Enter and Escape. Enter with no suggestion chosen searches, but only for
 * non-empty text.
 */
export function SearchBox({ categories, popular = [] }: { categories: Category[]; popular?: string[] }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const { hits, pending, forQuery } = useSuggestions(text);
  // The highlighted option belongs to one list of suggestions; a new list starts unhighlighted.
  const [highlight, setHighlight] = useState({ index: -1, forQuery });
  const active = highlight.forQuery === forQuery ? highlight.index : -1;
  const setActive = (index: number) => setHighlight({ index, forQuery });
  const panelId = useId();
  const optionId = (index: number) => `${panelId}-option-${index}`;
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const typing = text.trim().length >= SUGGEST_MIN_CHARS;
  const allResults = searchHref(text);
  // The options the arrow keys move through: each suggestion, then "see all results".
  const options = typing ? [...hits.map((hit) => itemHref(hit)), ...(allResults ? [allResults] : [])] : [];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const go = (href: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    if (options.length === 0) return;
    // -1 is the text itself; the keys cycle through it and every option
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const states = options.length + 1;
    setActive(((active + 1 + step + states) % states) - 1);
  };

  const activeHref = active >= 0 && active < options.length ? options[active] : undefined;

  return (
    <div ref={root} className="relative w-full max-w-xl">
      <form
        role="search"
        action="/search"
        onSubmit={(event) => {
          event.preventDefault();
          if (activeHref) return go(activeHref);
          if (allResults) go(allResults);
        }}
      >
        <label className="flex h-11 items-center gap-2 rounded-full border border-line bg-surface px-4 focus-within:border-brand focus-within:bg-white">
          <SearchIcon className="shrink-0 text-muted" width={20} height={20} />
          <span className="sr-only">{mn.layout.searchLabel}</span>
          <input
            ref={input}
            type="search"
            name="q"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(-1);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onKeyDown={onKeyDown}
            placeholder={mn.layout.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={panelId}
            aria-activedescendant={activeHref ? optionId(active) : undefined}
            className="h-full w-full bg-transparent text-[15px] outline-none placeholder:text-muted"
          />
        </label>
      </form>
      {open ? (
        <div
          id={panelId}
          className="absolute inset-x-0 top-12 z-40 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-white p-2 shadow-xl"
        >
          {typing ? (
            <Suggestions
              hits={hits}
              pending={pending}
              query={text.trim()}
              allResults={allResults}
              active={active}
              optionId={optionId}
              onPick={go}
              onHover={setActive}
            />
          ) : (
            <StartPanel categories={categories} popular={popular} onPick={go} onClose={() => setOpen(false)} />
          )}
        </div>
      ) : null}
    </div>
  );
}

function Suggestions({
  hits,
  pending,
  query,
  allResults,
  active,
  optionId,
  onPick,
  onHover,
}: {
  hits: SearchHit[];
  pending: boolean;
  query: string;
  allResults: string | null;
  active: number;
  optionId: (index: number) => string;
  onPick: (href: string) => void;
  onHover: (index: number) => void;
}) {
  const row = (index: number) =>
    `flex w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left ${index === active ? 'bg-brand-soft' : 'hover:bg-surface'}`;
  return (
    <ul role="listbox" aria-label={mn.search.suggestionsLabel} aria-busy={pending}>
      {hits.map((hit, index) => {
        const href = itemHref(hit);
        return (
          <li
            key={`${hit.type}-${hit.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={row(index)}
            onPointerEnter={() => onHover(index)}
            onClick={() => onPick(href)}
          >
            <Cover
              image={hit.cover}
              alt=""
              sizes="40px"
              className={`w-10 shrink-0 rounded object-cover ring-1 ring-black/5 ${hit.type === 'book' || hit.type === 'english_book' ? 'aspect-[2/3]' : 'aspect-square'}`}
            />
            <span className="min-w-0">
              <span className="line-clamp-1 text-sm font-semibold text-ink">{hit.title}</span>
              <span className="line-clamp-1 text-xs text-muted">{byline(hit)}</span>
              <span className="text-xs font-medium text-brand">{formatLabel(hit)}</span>
            </span>
          </li>
        );
      })}
      {hits.length === 0 && !pending ? (
        <li className="px-3 py-2 text-sm text-muted">{mn.search.noSuggestions}</li>
      ) : null}
      {allResults ? (
        <li
          id={optionId(hits.length)}
          role="option"
          aria-selected={active === hits.length}
          className={`${row(hits.length)} mt-1 border-t border-line pt-2 text-sm font-semibold text-brand`}
          onPointerEnter={() => onHover(hits.length)}
          onClick={() => onPick(allResults)}
        >
          <SearchIcon width={16} height={16} className="shrink-0" />
          {mn.search.seeAll(query)}
        </li>
      ) : null}
    </ul>
  );
}

function StartPanel({
  categories,
  popular,
  onPick,
  onClose,
}: {
  categories: Category[];
  popular: string[];
  onPick: (href: string) => void;
  onClose: () => void;
}) {
  return (
    <div className="p-2">
      {popular.length > 0 ? (
        <section className="mb-4">
          <h2 className="mb-2 text-sm font-semibold text-muted">{mn.layout.popularSearches}</h2>
          <ul className="flex flex-wrap gap-2">
            {popular.map((query) => (
              <li key={query}>
                <button
                  type="button"
                  onClick={() => onPick(`/search?q=${encodeURIComponent(query)}`)}
                  className="rounded-full bg-surface px-3 py-1.5 text-sm hover:bg-brand-soft hover:text-brand"
                >
                  {query}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section>
        <h2 className="mb-2 text-sm font-semibold text-muted">{mn.layout.categoriesHeading}</h2>
        <ul className="grid grid-cols-2 gap-1">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                onClick={onClose}
                className="block rounded-lg px-2 py-1.5 text-sm hover:bg-brand-soft hover:text-brand"
              >
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
