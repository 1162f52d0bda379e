import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import type { FoliateLocation, View } from 'foliate-js/view.js';
import { isApiError } from '@nomsan/contracts/client';
import type { EbookManifest } from '@nomsan/contracts/ebook';
import type { Highlight } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { href } from '~/lib/links';
import { signInHref } from '~/lib/return-path';
import { toast } from '~/lib/toasts';
import {
  BookOpenIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  HeadphonesIcon,
  MenuIcon,
  SearchIcon,
  SettingsIcon,
  StarIcon,
} from '~/ui/icons';
import { limitToSample, lockedPaths, manifestLoader, notOpened } from './book-source';
import { NoteDialog } from './note-dialog';
import { isVertical, swipeSide } from './page-swipe';
import {
  ContentsPanel,
  HighlightsPanel,
  Panel,
  SearchPanel,
  SettingsPanel,
  type PanelName,
  type SearchHit,
} from './reader-panels';
import { THEMES, bookStyles, loadPrefs, savePrefs, type ReaderPrefs } from './reader-prefs';
import { keepLocalPlace, libraryPlace, localPlace, newerPlace, type ReadingPlace } from './reading-position';
import { readFraction, sectionShares } from './reading-progress';

const t = mn.reader;

/** a place is saved to the library once the reader has stayed on a page this long */
const SAVE_PLACE_MS = 1_500;
const HIGHLIGHT_COLOURS = { yellow: '#facc15', green: '#4ade80', blue: '#60a5fa', pink: '#f472b6' } as const;

export interface ReaderBook {
  id: number;
  title: string;
  /** the book's page, where its offers are */
  href: string;
  /** the book has an audio edition: the reader offers to go on listening from its chapter */
  hasAudio: boolean;
}

/** the book's chapters as the audio counts them: the top-level entries of its contents */
const chaptersOf = (manifest: EbookManifest) => manifest.toc.filter((entry) => entry.level === 1 && entry.href);

/** `?chapter=N` of the page's address: where a switch from the audio asks to open */
const askedChapter = (): number | null => {
  const value = Number(new URLSearchParams(globalThis.location?.search ?? '').get('chapter'));
  return Number.isInteger(value) && value > 0 ? value : null;
};

interface Progress {
  percent: number;
  current: number;
  total: number;
  tocHref: string | null;
}

type Opened =
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry: boolean }
  | { status: 'ready'; manifest: EbookManifest };
/** what a visitor is offered the book for: paging past the sample's end, or a chapter outside it */
type Offer = 'end' | 'locked';

/**
 * The e-book reader: the book from its manifest (the whole book to a member who holds it, the
 * first chapter to anyone else, then a way to buy it), rendered by foliate-js (ADR 023), with
 * pages or scrolling, contents, size, typeface and colours, search, highlights with notes and
 * the place synced through the member's library. Loaded only on the reader's page.
 */
export default function EpubReader({ book }: { book: ReaderBook }) {
  const signedIn = useAuth((state) => state.loggedIn);
  const [opened, setOpened] = useState<Opened>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [prefs, setPrefs] = useState<ReaderPrefs>(() => loadPrefs(globalThis.localStorage));
  const [progress, setProgress] = useState<Progress | null>(null);
  const [panel, setPanel] = useState<PanelName | null>(null);
  const [selection, setSelection] = useState<{ cfi: string; text: string } | null>(null);
  const [highlights, setHighlights] = useState<Highlight[]>([]);
  const [editing, setEditing] = useState<Highlight | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [footnoteOpen, setFootnoteOpen] = useState(false);

  const host = useRef<HTMLDivElement>(null);
  const footnoteHost = useRef<HTMLDivElement>(null);
  const viewRef = useRef<View | null>(null);
  /** what page turns need without waiting for a render: sample or not, direction, at the end */
  const bookState = useRef({ sample: false, rtl: false, atEnd: false });
  const prefsRef = useRef(prefs);
  const highlightsRef = useRef(highlights);
  const panelId = useId();
  const ready = opened.status === 'ready' ? opened.manifest : null;
  const readingChapter = ready ? chaptersOf(ready).findIndex((entry) => entry.href === progress?.tocHref) : -1;
  const listenChapter = readingChapter >= 0 ? readingChapter + 1 : null;
  const sample = ready?.sample ?? false;
  // the arrows at the bottom turn pages the way they point: in a right-to-left book, left is onwards
  const rtl = ready?.metadata.direction === 'rtl';

  useEffect(() => {
    highlightsRef.current = highlights;
  }, [highlights]);

  /** a page turn the way an arrow points; onwards from the sample's last page, the offer to buy */
  const turn = useCallback((side: 'left' | 'right') => {
    const view = viewRef.current;
    if (!view) return;
    const now = bookState.current;
    if (now.sample && now.atEnd && side === (now.rtl ? 'left' : 'right')) {
      setOffer('end');
      return;
    }
    void (side === 'left' ? view.goLeft() : view.goRight());
  }, []);

  // Open the book: its manifest, then foliate-js over the manifest's resources.
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let live = true;
    let view: View | null = null;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    let pendingSave: (() => void) | null = null;
    const flushSave = () => {
      clearTimeout(saveTimer);
      pendingSave?.();
      pendingSave = null;
    };
    const controller = new AbortController();
    setOpened({ status: 'loading' });

    (async () => {
      const api = browserApi();
      const manifest = await api.bookPlaylist(book.id, { signal: controller.signal });
      const [{ EPUB }, { Overlayer }, { FootnoteHandler }] = await Promise.all([
        import('foliate-js/epub.js'),
        import('foliate-js/overlayer.js'),
        import('foliate-js/footnotes.js'),
        import('foliate-js/view.js'),
      ]);
      const opening = await new EPUB(manifestLoader(manifest)).init();
      if (!live) return;
      bookState.current = { sample: manifest.sample, rtl: manifest.metadata.direction === 'rtl', atEnd: false };
      view = document.createElement('foliate-view') as View;
      view.setAttribute('aria-label', t.book);
      view.style.cssText = 'display:block;width:100%;height:100%';
      container.replaceChildren(view);
      await view.open(opening);
      // weighed as foliate-js weighs them on opening: the whole book, a sample's too
      const shares = sectionShares(opening.sections);
      const blocked = limitToSample(opening, manifest);
      const renderer = view.renderer;
      renderer.setAttribute('flow', prefsRef.current.flow);
      renderer.setAttribute('margin', '40px');
      renderer.setAttribute('gap', '6%');
      renderer.setAttribute('max-inline-size', '680px');
      renderer.setStyles(bookStyles(prefsRef.current));

      const member = !manifest.sample || useAuth.getState().loggedIn;
      const footnotes = new FootnoteHandler();
      footnotes.addEventListener('before-render', (event) => {
        const { view: note } = (event as CustomEvent<{ view: View }>).detail;
        note.style.cssText = 'display:block;width:100%;height:100%';
        footnoteHost.current?.replaceChildren(note);
        note.renderer.setAttribute('flow', 'scrolled');
        note.renderer.setAttribute('margin', '0px');
        note.renderer.setStyles(bookStyles(prefsRef.current));
        setFootnoteOpen(true);
      });

      view.addEventListener('relocate', (event) => {
        const detail = (event as CustomEvent<FoliateLocation>).detail;
        const fraction = readFraction(detail.fraction, detail.section?.current, shares, renderer);
        setProgress({
          percent: Math.round(fraction * 100),
          current: (detail.location?.current ?? 0) + 1,
          total: Math.max(1, detail.location?.total ?? 1),
          tocHref: detail.tocItem?.href ?? null,
        });
        bookState.current.atEnd = renderer.atEnd || fraction > 0.995;
        const place: ReadingPlace = { cfi: detail.cfi, changedAt: new Date().toISOString() };
        keepLocalPlace(localStorage, book.id, place);
        if (manifest.sample) return;
        clearTimeout(saveTimer);
        pendingSave = () =>
          void api
            .savePosition({
              item_type: 'book',
              item_id: book.id,
              format: 'ebook',
              chapter: (detail.section?.current ?? 0) + 1,
              seconds: 0,
              locator: place.cfi,
              progress: fraction,
              speed: 1,
              changed_at: place.changedAt,
            })
            .catch(() => undefined);
        saveTimer = setTimeout(flushSave, SAVE_PLACE_MS);
      });

      view.addEventListener('load', (event) => {
        const { doc, index } = (event as CustomEvent<{ doc: Document; index: number }>).detail;
        doc.addEventListener('keydown', onKey);
        // foliate-js turns the pages of a vertical book by swiping up and down only; on a phone a
        // sideways swipe turns them too, as the arrows do
        if (isVertical(doc)) {
          let from: { x: number; y: number } | null = null;
          doc.addEventListener('touchstart', (touch) => {
            const point = touch.touches.length === 1 ? touch.touches[0] : undefined;
            from = point ? { x: point.screenX, y: point.screenY } : null;
          });
          doc.addEventListener('touchend', (touch) => {
            const point = touch.changedTouches[0];
            const selected = doc.getSelection();
            if (!from || !point || (selected && !selected.isCollapsed)) return;
            const side = swipeSide(point.screenX - from.x, point.screenY - from.y);
            from = null;
            // after foliate-js has settled the page the touch started on (it snaps on the next frame)
            if (side) requestAnimationFrame(() => requestAnimationFrame(() => turn(side)));
          });
        }
        let timer: ReturnType<typeof setTimeout> | undefined;
        doc.addEventListener('selectionchange', () => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            const chosen = doc.getSelection();
            const text = chosen && !chosen.isCollapsed ? chosen.toString().trim() : '';
            if (!chosen || !text || !view) return setSelection(null);
            setSelection({ cfi: view.getCFI(index, chosen.getRangeAt(0)), text: text.slice(0, 2_000) });
          }, 250);
        });
      });

      view.addEventListener('link', (event) => {
        const linked = event as CustomEvent<{ a: Element; href: string }>;
        const target = opening.resolveHref(linked.detail.href);
        if (target && blocked.has(target.index)) {
          linked.preventDefault();
          setOffer('locked');
          return;
        }
        footnotes.handle(opening, linked)?.catch(() => undefined);
      });

      view.addEventListener('draw-annotation', (event) => {
        const { draw, annotation } = (
          event as CustomEvent<{ draw: (fn: unknown, options: object) => void; annotation: { value: string } }>
        ).detail;
        const found = highlightsRef.current.find((h) => h.locator === annotation.value);
        draw(Overlayer.highlight, { color: HIGHLIGHT_COLOURS[found?.color ?? 'yellow'] });
      });
      view.addEventListener('show-annotation', (event) => {
        const { value } = (event as CustomEvent<{ value: string }>).detail;
        const found = highlightsRef.current.find((h) => h.locator === value);
        if (found) setEditing(found);
      });
      view.addEventListener('create-overlay', () => {
        for (const highlight of highlightsRef.current) void view?.addAnnotation({ value: highlight.locator });
      });

      const [kept, saved] = await Promise.all([
        member && !manifest.sample ? api.positions('book', book.id).catch(() => []) : Promise.resolve([]),
        member ? api.highlights('book', book.id).catch(() => []) : Promise.resolve([]),
      ]);
      if (!live) return;
      highlightsRef.current = saved;
      setHighlights(saved);
      const local = localPlace(localStorage, book.id);
      const fromLibrary = libraryPlace(kept);
      const start = newerPlace(local, fromLibrary);
      viewRef.current = view;
      setOpened({ status: 'ready', manifest });
      await view.init({ lastLocation: start?.cfi ?? null, showTextStart: true });
      // switched from the audio: its chapter, whatever place was kept
      const chapter = askedChapter();
      const target = chapter ? chaptersOf(manifest)[Math.min(chapter, chaptersOf(manifest).length) - 1] : undefined;
      if (target && !blocked.has(opening.resolveHref(target.href)?.index ?? -1)) await view.goTo(target.href);
      else if (start && start === fromLibrary && start.cfi !== local?.cfi) toast.info(t.resumed);
    })().catch((error: unknown) => {
      if (!live || controller.signal.aborted) return;
      console.error('the reader could not open the book', error);
      setOpened({ status: 'failed', ...notOpened(error) });
    });

    function onKey(event: KeyboardEvent) {
      const target = event.target as Element | null;
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      if (target?.closest?.('input, textarea, select, dialog, [data-reader-panel]')) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        turn(event.key === 'ArrowLeft' ? 'left' : 'right');
      }
    }
    window.addEventListener('keydown', onKey);
    window.addEventListener('pagehide', flushSave);

    return () => {
      live = false;
      controller.abort();
      flushSave();
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pagehide', flushSave);
      viewRef.current = null;
      view?.close();
      view?.remove();
    };
  }, [book.id, attempt, turn]);

  // The reader's choices apply to the open book at once and are kept on this device.
  useEffect(() => {
    prefsRef.current = prefs;
    savePrefs(localStorage, prefs);
    const view = viewRef.current;
    if (!view) return;
    view.renderer.setAttribute('flow', prefs.flow);
    view.renderer.setStyles(bookStyles(prefs));
  }, [prefs, ready]);

  const go = useCallback((target: string) => {
    void viewRef.current?.goTo(target);
    setPanel(null);
  }, []);

  const search = useCallback(async (query: string, onHits: (hits: SearchHit[]) => void, signal: AbortSignal) => {
    const view = viewRef.current;
    if (!view) return;
    for await (const result of view.search({ query })) {
      if (signal.aborted) return;
      if (result === 'done') break;
      if ('subitems' in result) onHits(result.subitems.map((hit) => ({ ...hit, label: result.label })));
    }
  }, []);

  const addHighlight = async () => {
    const view = viewRef.current;
    if (!selection || !view) return;
    if (!signedIn) {
      toast.info(t.highlightsNeedLogin);
      return;
    }
    try {
      const created = await browserApi().addHighlight({
        item_type: 'book',
        item_id: book.id,
        locator: selection.cfi,
        text: selection.text,
      });
      highlightsRef.current = [...highlightsRef.current, created];
      setHighlights(highlightsRef.current);
      await view.addAnnotation({ value: created.locator });
      view.deselect();
      setSelection(null);
      toast.success(t.highlightSaved);
      setEditing(created);
    } catch {
      toast.error(t.highlightFailed);
    }
  };

  const saveNote = async (highlight: Highlight, note: string) => {
    try {
      const changed = await browserApi().editHighlight(highlight.id, { note });
      setHighlights((list) => list.map((h) => (h.id === changed.id ? changed : h)));
      setEditing(null);
    } catch {
      toast.error(t.highlightFailed);
    }
  };

  const removeHighlight = async (highlight: Highlight) => {
    try {
      await browserApi().removeHighlight(highlight.id);
      setHighlights((list) => list.filter((h) => h.id !== highlight.id));
      await viewRef.current?.deleteAnnotation({ value: highlight.locator });
      setEditing(null);
      toast.success(t.highlightRemoved);
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t.highlightFailed);
    }
  };

  const theme = THEMES[prefs.theme];
  const style = {
    '--reader-chrome': theme.chrome,
    '--reader-line': theme.line,
    '--reader-link': theme.link,
    background: theme.background,
    color: theme.text,
  } as CSSProperties;
  const blockedPaths = ready ? lockedPaths(ready) : new Set<string>();
  const toggle = (name: PanelName) => setPanel((open) => (open === name ? null : name));
  const toolButton = (name: PanelName, label: string, Icon: typeof MenuIcon) => (
    <button
      type="button"
      onClick={() => toggle(name)}
      aria-label={label}
      aria-expanded={panel === name}
      aria-controls={panel === name ? `${panelId}-${name}` : undefined}
      disabled={!ready}
      className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5 disabled:opacity-40 aria-expanded:bg-black/10"
    >
      <Icon width={20} height={20} />
    </button>
  );

  return (
    <div className="flex h-dvh flex-col" style={style} data-theme={prefs.theme}>
      <header
        aria-label={t.toolbar}
        className="flex h-14 shrink-0 items-center gap-1 border-b border-[var(--reader-line)] bg-[var(--reader-chrome)] px-2 sm:px-4"
      >
        <Link
          to={book.href}
          aria-label={t.back}
          className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5"
        >
          <ChevronLeftIcon width={22} height={22} />
        </Link>
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">{book.title}</h1>
        {sample ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
            {t.sample}
          </span>
        ) : null}
        {book.hasAudio && ready ? (
          <Link
            to={`${href.player('book', book.id)}${listenChapter ? `?chapter=${listenChapter}` : ''}`}
            aria-label={t.listenHere}
            title={t.listenHere}
            className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5"
          >
            <HeadphonesIcon width={20} height={20} />
          </Link>
        ) : null}
        {toolButton('contents', t.contents, MenuIcon)}
        {toolButton('search', t.search, SearchIcon)}
        {toolButton('highlights', t.highlights, StarIcon)}
        {toolButton('settings', t.settings, SettingsIcon)}
      </header>

      <div className="relative min-h-0 flex-1">
        <div ref={host} className="absolute inset-0" />
        {opened.status === 'loading' ? (
          <p role="status" className="absolute inset-0 grid place-items-center text-sm opacity-80">
            <span className="flex items-center gap-2">
              <BookOpenIcon width={20} height={20} />
              {t.loading}
            </span>
          </p>
        ) : null}
        {opened.status === 'failed' ? (
          <div role="alert" className="absolute inset-0 grid place-items-center px-6 text-center">
            <div>
              <p className="max-w-md">{opened.message}</p>
              {opened.retry ? (
                <button
                  type="button"
                  onClick={() => setAttempt((n) => n + 1)}
                  className="mt-4 h-11 rounded-full bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
                >
                  {t.retry}
                </button>
              ) : (
                <Link
                  to={book.href}
                  className="mt-4 inline-flex h-11 items-center rounded-full border border-[var(--reader-line)] px-5 font-semibold hover:bg-black/5"
                >
                  {t.back}
                </Link>
              )}
            </div>
          </div>
        ) : null}

        {selection && ready ? (
          <div className="absolute inset-x-0 bottom-3 z-20 flex justify-center">
            <button
              type="button"
              onClick={() => void addHighlight()}
              className="flex h-11 items-center gap-2 rounded-full bg-ink px-5 text-sm font-semibold text-white shadow-lg"
            >
              <span aria-hidden="true" className="size-3 rounded-full bg-yellow-300" />
              {t.highlight}
            </button>
          </div>
        ) : null}

        {sample && offer ? (
          <section
            aria-labelledby={`${panelId}-sample-end`}
            className="absolute inset-x-3 bottom-3 z-20 mx-auto max-w-md rounded-2xl border border-[var(--reader-line)] bg-[var(--reader-chrome)] p-5 shadow-xl"
          >
            <div className="flex items-start justify-between gap-3">
              <h2 id={`${panelId}-sample-end`} className="text-lg font-bold">
                {offer === 'locked' ? t.lockedTitle : t.sampleEndTitle}
              </h2>
              <button
                type="button"
                onClick={() => setOffer(null)}
                aria-label={t.close}
                className="-me-2 -mt-2 grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5"
              >
                <CloseIcon width={20} height={20} />
              </button>
            </div>
            <p className="mt-1 text-sm">{offer === 'locked' ? t.lockedText : t.sampleEndText}</p>
            <a
              href={book.href}
              className="mt-4 inline-flex h-11 w-full items-center justify-center rounded-full bg-brand font-semibold text-white hover:bg-brand-dark"
            >
              {t.buy}
            </a>
          </section>
        ) : null}

        <div
          role="dialog"
          aria-label={t.footnote}
          hidden={!footnoteOpen}
          className="absolute inset-x-3 bottom-3 z-30 mx-auto max-w-xl rounded-2xl border border-[var(--reader-line)] bg-[var(--reader-chrome)] shadow-xl"
        >
          <div className="flex items-center justify-between px-4 pt-2">
            <p className="text-sm font-semibold">{t.footnote}</p>
            <button
              type="button"
              onClick={() => {
                setFootnoteOpen(false);
                footnoteHost.current?.replaceChildren();
              }}
              aria-label={t.close}
              className="grid size-10 place-items-center rounded-full hover:bg-black/5"
            >
              <CloseIcon width={20} height={20} />
            </button>
          </div>
          <div ref={footnoteHost} className="h-32 px-2 pb-3" />
        </div>

        {panel && ready ? (
          <Panel
            id={`${panelId}-${panel}`}
            title={{ contents: t.contents, search: t.search, highlights: t.highlights, settings: t.settings }[panel]}
            onClose={() => setPanel(null)}
          >
            {panel === 'contents' ? (
              <ContentsPanel
                toc={ready.toc}
                current={progress?.tocHref ?? null}
                blocked={blockedPaths}
                onGo={(href, locked) => {
                  if (!locked) return go(href);
                  setPanel(null);
                  setOffer('locked');
                }}
              />
            ) : panel === 'search' ? (
              <SearchPanel search={search} onGo={go} />
            ) : panel === 'highlights' ? (
              <HighlightsPanel
                highlights={highlights}
                signedIn={signedIn}
                signInHref={signInHref(href.reader(book.id))}
                onGo={(highlight) => go(highlight.locator)}
                onEdit={setEditing}
                onRemove={(highlight) => void removeHighlight(highlight)}
              />
            ) : (
              <SettingsPanel prefs={prefs} onChange={setPrefs} />
            )}
          </Panel>
        ) : null}
      </div>

      <footer className="flex h-14 shrink-0 items-center gap-2 border-t border-[var(--reader-line)] bg-[var(--reader-chrome)] px-2 sm:px-4">
        <button
          type="button"
          onClick={() => turn('left')}
          disabled={!ready}
          aria-label={rtl ? t.next : t.prev}
          className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5 disabled:opacity-40"
        >
          <ChevronLeftIcon width={22} height={22} />
        </button>
        <div className="min-w-0 flex-1">
          <div
            role="progressbar"
            // fills the way the book reads: from the right in a right-to-left or vertical book
            dir={rtl ? 'rtl' : 'ltr'}
            aria-label={t.progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress?.percent ?? 0}
            aria-valuetext={
              progress ? `${t.percent(progress.percent)} · ${t.location(progress.current, progress.total)}` : undefined
            }
            className="h-1.5 overflow-hidden rounded-full bg-[var(--reader-line)]"
          >
            <div className="h-full bg-brand" style={{ width: `${progress?.percent ?? 0}%` }} />
          </div>
          <p className="mt-1 text-center text-xs tabular-nums opacity-80" aria-hidden="true">
            {progress ? `${t.percent(progress.percent)} · ${t.location(progress.current, progress.total)}` : ' '}
          </p>
        </div>
        <button
          type="button"
          onClick={() => turn('right')}
          disabled={!ready}
          aria-label={rtl ? t.prev : t.next}
          className="grid size-10 shrink-0 place-items-center rounded-full hover:bg-black/5 disabled:opacity-40"
        >
          <ChevronRightIcon width={22} height={22} />
        </button>
      </footer>

      {editing ? (
        <NoteDialog
          highlight={editing}
          onSave={(note) => void saveNote(editing, note)}
          onRemove={() => void removeHighlight(editing)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
