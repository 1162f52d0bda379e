import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EbookManifest } from '@nomsan/contracts/ebook';
import type { Highlight } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import { CloseIcon, LockIcon } from '~/ui/icons';
import { pathOfHref } from './book-source';
import { FONT_SIZES, stepFontSize, type ReaderPrefs } from './reader-prefs';

const t = mn.reader;

export type PanelName = 'contents' | 'search' | 'highlights' | 'settings';

/** A side panel over the book (a sheet from the bottom on a phone); Escape closes it. */
export function Panel({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-reader-panel=""
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      className="absolute inset-x-0 bottom-0 z-30 flex max-h-[75%] flex-col rounded-t-2xl border border-[var(--reader-line)] bg-[var(--reader-chrome)] shadow-2xl md:inset-y-0 md:right-0 md:left-auto md:max-h-none md:w-96 md:rounded-none md:border-y-0 md:border-r-0"
    >
      <div className="flex items-center justify-between gap-3 border-b border-[var(--reader-line)] px-4 py-3">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-bold outline-none">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t.close}
          className="grid size-10 place-items-center rounded-full hover:bg-black/5"
        >
          <CloseIcon width={20} height={20} />
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">{children}</div>
    </section>
  );
}

export function ContentsPanel({
  toc,
  current,
  blocked,
  onGo,
}: {
  toc: EbookManifest['toc'];
  /** the href of the entry being read */
  current: string | null;
  /** archive paths this session may not open (none for a member who holds the book) */
  blocked: ReadonlySet<string>;
  onGo: (href: string, locked: boolean) => void;
}) {
  return (
    <ol className="space-y-0.5">
      {toc.map((entry, index) => {
        const locked = blocked.has(pathOfHref(entry.href));
        return (
          <li key={`${index}-${entry.href}`}>
            {entry.href ? (
              <button
                type="button"
                onClick={() => onGo(entry.href, locked)}
                aria-current={current === entry.href ? 'location' : undefined}
                style={{ paddingInlineStart: `${0.5 + (entry.level - 1) * 1}rem` }}
                className="flex w-full items-center gap-2 rounded-lg py-2 pe-2 text-start text-sm hover:bg-black/5 aria-[current]:font-bold aria-[current]:text-[var(--reader-link)]"
              >
                <span className="min-w-0 flex-1">{entry.label}</span>
                {locked ? (
                  <>
                    <LockIcon width={16} height={16} className="shrink-0 opacity-70" />
                    <span className="sr-only">{t.notInSampleShort}</span>
                  </>
                ) : null}
              </button>
            ) : (
              <p
                className="py-2 text-sm opacity-70"
                style={{ paddingInlineStart: `${0.5 + (entry.level - 1) * 1}rem` }}
              >
                {entry.label}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}

export interface SearchHit {
  cfi: string;
  label: string;
  excerpt: { pre: string; match: string; post: string };
}

export function SearchPanel({
  search,
  onGo,
}: {
  /** runs a search, handing over hits as they are found; resolves when done */
  search: (query: string, onHits: (hits: SearchHit[]) => void, signal: AbortSignal) => Promise<void>;
  onGo: (cfi: string) => void;
}) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [state, setState] = useState<'idle' | 'searching' | 'done'>('idle');
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setHits([]);
    setState('searching');
    void search(text, (found) => setHits((before) => [...before, ...found]), controller.signal).finally(() => {
      if (!controller.signal.aborted) setState('done');
    });
  };

  return (
    <div>
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t.search}
        </label>
        <input
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t.searchPlaceholder}
          className="h-10 min-w-0 flex-1 rounded-full border border-[var(--reader-line)] bg-transparent px-4 text-sm"
        />
        <button
          type="submit"
          className="h-10 rounded-full bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark"
        >
          {t.searchSubmit}
        </button>
      </form>
      <p role="status" className="mt-3 text-sm opacity-80">
        {state === 'searching'
          ? t.searching
          : state === 'done'
            ? hits.length
              ? t.results(hits.length)
              : t.noResults
            : ''}
      </p>
      <ol className="mt-2 space-y-1">
        {hits.map((hit) => (
          <li key={hit.cfi}>
            <button
              type="button"
              onClick={() => onGo(hit.cfi)}
              className="w-full rounded-lg px-2 py-2 text-start text-sm hover:bg-black/5"
            >
              {hit.label ? <span className="block text-xs font-semibold opacity-70">{hit.label}</span> : null}
              <span>
                {hit.excerpt.pre}
                <mark className="rounded bg-yellow-200 px-0.5 text-black">{hit.excerpt.match}</mark>
                {hit.excerpt.post}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function HighlightsPanel({
  highlights,
  signedIn,
  signInHref,
  onGo,
  onEdit,
  onRemove,
}: {
  highlights: Highlight[];
  signedIn: boolean;
  signInHref: string;
  onGo: (highlight: Highlight) => void;
  onEdit: (highlight: Highlight) => void;
  onRemove: (highlight: Highlight) => void;
}) {
  if (!signedIn) {
    return (
      <p className="text-sm">
        <Link to={signInHref} className="font-semibold text-[var(--reader-link)] underline">
          {t.highlightsNeedLogin}
        </Link>
      </p>
    );
  }
  if (highlights.length === 0) return <p className="text-sm opacity-80">{t.noHighlights}</p>;
  return (
    <ul className="space-y-3">
      {highlights.map((highlight) => (
        <li key={highlight.id} className="rounded-xl border border-[var(--reader-line)] p-3">
          <blockquote className="border-s-4 border-yellow-300 ps-2 text-sm">{highlight.text}</blockquote>
          {highlight.note ? <p className="mt-2 text-sm italic opacity-90">{highlight.note}</p> : null}
          <div className="mt-2 flex flex-wrap gap-2 text-sm">
            <button
              type="button"
              onClick={() => onGo(highlight)}
              className="rounded-full px-3 py-1 font-semibold hover:bg-black/5"
            >
              {t.goTo}
            </button>
            <button
              type="button"
              onClick={() => onEdit(highlight)}
              className="rounded-full px-3 py-1 font-semibold hover:bg-black/5"
            >
              {t.editNote}
            </button>
            <button
              type="button"
              onClick={() => onRemove(highlight)}
              className="rounded-full px-3 py-1 font-semibold text-red-700 hover:bg-red-50"
            >
              {t.remove}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {(Object.keys(options) as T[]).map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-full border border-[var(--reader-line)] px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="accent-brand"
            />
            {options[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function SettingsPanel({ prefs, onChange }: { prefs: ReaderPrefs; onChange: (prefs: ReaderPrefs) => void }) {
  const sizeId = useId();
  const smallest = prefs.fontSize <= FONT_SIZES[0];
  const largest = prefs.fontSize >= FONT_SIZES[FONT_SIZES.length - 1]!;
  return (
    <div>
      <p id={sizeId} className="text-sm font-semibold">
        {t.fontSize}
      </p>
      <div role="group" aria-labelledby={sizeId} className="mt-2 flex items-center gap-3">
        <button
          type="button"
          onClick={() => onChange({ ...prefs, fontSize: stepFontSize(prefs.fontSize, -1) })}
          disabled={smallest}
          aria-label={t.smaller}
          className="grid size-10 place-items-center rounded-full border border-[var(--reader-line)] text-sm font-bold disabled:opacity-40"
        >
          A−
        </button>
        <output aria-live="polite" className="w-14 text-center text-sm tabular-nums">
          {prefs.fontSize}%
        </output>
        <button
          type="button"
          onClick={() => onChange({ ...prefs, fontSize: stepFontSize(prefs.fontSize, 1) })}
          disabled={largest}
          aria-label={t.larger}
          className="grid size-10 place-items-center rounded-full border border-[var(--reader-line)] text-lg font-bold disabled:opacity-40"
        >
          A+
        </button>
      </div>
      <Choice
        legend={t.fontFamily}
        name="reader-font"
        value={prefs.font}
        options={t.fonts}
        onChange={(font) => onChange({ ...prefs, font })}
      />
      <Choice
        legend={t.theme}
        name="reader-theme"
        value={prefs.theme}
        options={t.themes}
        onChange={(theme) => onChange({ ...prefs, theme })}
      />
      <Choice
        legend={t.flow}
        name="reader-flow"
        value={prefs.flow}
        options={t.flows}
        onChange={(flow) => onChange({ ...prefs, flow })}
      />
    </div>
  );
}
