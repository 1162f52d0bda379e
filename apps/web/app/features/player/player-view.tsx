import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { formatClock } from '~/lib/format';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from '~/lib/player-constants';
import { buttonClass } from '~/ui/buttons';
import { BookOpenIcon, CloseIcon } from '~/ui/icons';
import { DownloadControl } from './download-control';
import { SLEEP_MINUTES, usePlayer } from './engine';
import { LevelMeter, SeekBar, SpeedControl, TransportButtons } from './player-controls';
import { ReadAlong } from './read-along';

/** The keys of the full player; none while typing in a field. */
function useShortcuts(onBookmark: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (
        target?.closest('input, textarea, select, [contenteditable="true"]') ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      )
        return;
      const player = usePlayer.getState();
      const actions: Record<string, () => void> = {
        ' ': player.toggle,
        k: player.toggle,
        ArrowLeft: () => player.skip(-SKIP_BACK_SECONDS),
        ArrowRight: () => player.skip(SKIP_FORWARD_SECONDS),
        ArrowUp: () => player.setSpeed(player.speed + 0.1),
        ArrowDown: () => player.setSpeed(player.speed - 0.1),
        b: onBookmark,
      };
      const action = actions[event.key];
      if (!action) return;
      // the space bar would also press a focused button: the player answers it once
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onBookmark]);
}

function SleepTimerControl() {
  const sleep = usePlayer((s) => s.sleep);
  const setSleep = usePlayer((s) => s.setSleep);
  const id = useId();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sleep.kind !== 'minutes') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sleep.kind]);
  const value = sleep.kind === 'minutes' ? String(sleep.minutes) : sleep.kind;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {mn.player.sleepTimer}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const v = event.target.value;
          setSleep(
            v === 'off'
              ? { kind: 'off' }
              : v === 'chapter'
                ? { kind: 'chapter' }
                : { kind: 'minutes', minutes: Number(v) },
          );
        }}
        className="h-9 rounded-full border border-line bg-white px-3 text-sm"
      >
        <option value="off">{mn.player.sleepOff}</option>
        {SLEEP_MINUTES.map((m) => (
          <option key={m} value={String(m)}>
            {mn.player.sleepMinutes(m)}
          </option>
        ))}
        <option value="chapter">{mn.player.sleepEndOfChapter}</option>
      </select>
      {sleep.kind === 'minutes' ? (
        <span className="text-xs text-muted" aria-live="polite">
          {mn.player.sleepActive(formatClock((sleep.endsAt - now) / 1000))}
        </span>
      ) : sleep.kind === 'chapter' ? (
        <span className="text-xs text-muted">{mn.player.sleepActiveChapter}</span>
      ) : null}
    </div>
  );
}

function Toggle({
  label,
  hint,
  on,
  onChange,
}: {
  label: string;
  hint: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!on)}
        className={`relative mt-0.5 h-6 w-11 shrink-0 rounded-full transition-colors ${on ? 'bg-brand' : 'bg-line'}`}
      >
        <span
          className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-all ${on ? 'left-[1.375rem]' : 'left-0.5'}`}
        />
        <span className="sr-only">{label}</span>
      </button>
      <div>
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

function Chapters() {
  const chapters = usePlayer((s) => s.chapters);
  const current = usePlayer((s) => s.chapterIndex);
  const goTo = usePlayer((s) => s.goToChapter);
  const full = usePlayer((s) => s.session?.access === 'full');
  const preview = usePlayer((s) => s.session?.preview_seconds ?? 0);
  if (chapters.length === 0) return null;
  return (
    <section aria-labelledby="player-chapters">
      <h2 id="player-chapters" className="text-lg font-bold">
        {mn.player.chapters}
      </h2>
      <ol className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white">
        {chapters.map((chapter, index) => {
          const reachable = full || chapter.start_seconds < preview;
          return (
            <li key={chapter.position}>
              <button
                type="button"
                onClick={() => goTo(index)}
                disabled={!reachable}
                aria-current={index === current ? 'true' : undefined}
                className={`flex w-full items-center gap-3 px-4 py-3 text-left text-sm hover:bg-surface disabled:cursor-not-allowed disabled:opacity-50 ${index === current ? 'font-bold text-brand' : ''}`}
              >
                <span className="w-6 shrink-0 tabular-nums text-muted">{chapter.position}</span>
                <span className="min-w-0 flex-1 truncate">{chapter.title}</span>
                {index === current ? <span className="sr-only">{mn.player.chapterNow}</span> : null}
                <span className="shrink-0 tabular-nums text-muted">{formatClock(chapter.duration_seconds)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Bookmarks({ adding, onDone }: { adding: boolean; onDone: () => void }) {
  const bookmarks = usePlayer((s) => s.bookmarks);
  const add = usePlayer((s) => s.addBookmark);
  const remove = usePlayer((s) => s.removeBookmark);
  const seek = usePlayer((s) => s.seek);
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const noteId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await add(note.trim());
      setNote('');
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <section aria-labelledby="player-bookmarks">
      <h2 id="player-bookmarks" className="text-lg font-bold">
        {mn.player.bookmarks}
      </h2>
      {adding ? (
        <form
          onSubmit={submit}
          className="mt-2 flex flex-wrap items-end gap-2 rounded-2xl border border-brand bg-brand-soft p-3"
        >
          <div className="min-w-48 flex-1">
            <label htmlFor={noteId} className="text-xs font-semibold">
              {mn.player.bookmarkNote}
            </label>
            <input
              id={noteId}
              value={note}
              maxLength={500}
              autoFocus
              onChange={(event) => setNote(event.target.value)}
              className="mt-1 h-10 w-full rounded-xl border border-line bg-white px-3 text-sm"
            />
          </div>
          <button type="submit" disabled={saving} className={buttonClass('primary', 'sm')}>
            {mn.player.saveBookmark}
          </button>
          <button type="button" onClick={onDone} className={buttonClass('ghost', 'sm')}>
            {mn.player.cancel}
          </button>
        </form>
      ) : null}
      {bookmarks.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{mn.player.noBookmarks}</p>
      ) : (
        <ul
          className="mt-2 divide-y divide-line rounded-2xl border border-line bg-white"
          aria-label={mn.player.bookmarks}
        >
          {bookmarks.map((bookmark) => (
            <li key={bookmark.id} className="flex items-center gap-2 px-4 py-2.5 text-sm">
              <button
                type="button"
                onClick={() => seek(bookmark.seconds)}
                className="flex min-w-0 flex-1 items-baseline gap-3 text-left hover:text-brand"
              >
                <span className="shrink-0 font-semibold tabular-nums">
                  {mn.player.bookmarkAt(formatClock(bookmark.seconds))}
                </span>
                <span className="truncate text-muted">{bookmark.note}</span>
              </button>
              <button
                type="button"
                onClick={() => void remove(bookmark.id)}
                aria-label={`${mn.player.removeBookmark} ${formatClock(bookmark.seconds)}`}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-red-600"
              >
                <CloseIcon width={16} height={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The full player of the title loaded in the engine (the route loads it). */
export function PlayerView({ readHref }: { readHref: string | null }) {
  const info = usePlayer((s) => s.info);
  const title = usePlayer((s) => s.title);
  const session = usePlayer((s) => s.session);
  const status = usePlayer((s) => s.status);
  const error = usePlayer((s) => s.error);
  const chapters = usePlayer((s) => s.chapters);
  const chapterIndex = usePlayer((s) => s.chapterIndex);
  const previewEnded = usePlayer((s) => s.previewEnded);
  const boost = usePlayer((s) => s.boost);
  const smartSpeed = usePlayer((s) => s.smartSpeed);
  const setBoost = usePlayer((s) => s.setBoost);
  const setSmartSpeed = usePlayer((s) => s.setSmartSpeed);
  const loggedIn = useAuth((s) => s.loggedIn);
  const [adding, setAdding] = useState(false);
  const full = session?.access === 'full';
  useShortcuts(() => full && setAdding(true));
  if (!info) return null;
  const chapter = chapters[chapterIndex];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <div className="grid gap-8 md:grid-cols-[18rem_minmax(0,1fr)] md:items-start">
        <div className="mx-auto w-56 sm:w-64 md:w-full">
          {info.cover ? (
            <img
              src={info.cover}
              alt=""
              width={512}
              height={512}
              className="aspect-square w-full rounded-3xl object-cover shadow-xl"
            />
          ) : (
            <div className="aspect-square w-full rounded-3xl bg-brand-soft" />
          )}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-3xl">
              {info.name}
            </h1>
            {session && !full ? (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold text-amber-900">
                {mn.player.previewBadge}
              </span>
            ) : null}
          </div>
          <p className="mt-1 text-muted">{info.author}</p>
          {chapter ? (
            <p className="mt-3 text-sm font-semibold text-brand" aria-live="polite">
              {chapter.title}
            </p>
          ) : null}

          <div className="mt-5 rounded-3xl border border-line bg-white p-5 shadow-sm">
            {status === 'preparing' ? (
              <p className="mb-3 text-sm text-muted" role="status">
                {mn.player.preparingProgress(session?.progress ?? 0)}
              </p>
            ) : status === 'loading' ? (
              <p className="mb-3 text-sm text-muted" role="status">
                {mn.player.loading}
              </p>
            ) : null}
            {error ? (
              <p className="mb-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700" role="alert">
                {error}
              </p>
            ) : null}
            <SeekBar />
            <div className="mt-4 flex items-center justify-center">
              <TransportButtons />
            </div>
            <div className="mt-5 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-4">
              <SpeedControl />
              <SleepTimerControl />
            </div>
            <div className="mt-4 flex flex-wrap items-center justify-between gap-4 border-t border-line pt-4">
              <Toggle label={mn.player.boost} hint={mn.player.boostHint} on={boost} onChange={setBoost} />
              <Toggle
                label={mn.player.smartSpeed}
                hint={mn.player.smartSpeedHint}
                on={smartSpeed}
                onChange={setSmartSpeed}
              />
              <LevelMeter />
            </div>
          </div>

          <ReadAlong />
          {session && !full ? (
            <div
              className={`mt-4 rounded-2xl p-4 ${previewEnded ? 'bg-brand text-white' : 'bg-amber-50 text-amber-950'}`}
              role={previewEnded ? 'alert' : undefined}
            >
              <p className="font-bold">
                {previewEnded
                  ? mn.player.previewEnded
                  : mn.player.previewNote(formatClock(session.preview_seconds ?? 0))}
              </p>
              {previewEnded ? <p className="mt-1 text-sm">{mn.player.previewEndedHint}</p> : null}
              <Link
                to={`${info.webLink}#offers`}
                className={`mt-3 ${previewEnded ? 'inline-flex h-11 items-center rounded-full bg-white px-5 font-semibold text-brand' : buttonClass('primary', 'sm')}`}
              >
                {mn.player.buy}
              </Link>
              {!loggedIn ? <p className="mt-2 text-xs opacity-80">{mn.player.signInToSync}</p> : null}
            </div>
          ) : null}

          <div className="mt-6 flex flex-wrap gap-2">
            {full ? (
              <button type="button" onClick={() => setAdding(true)} className={buttonClass('secondary', 'sm')}>
                {mn.player.addBookmark}
              </button>
            ) : null}
            {full && title ? <DownloadControl type={title.type} id={title.id} /> : null}
            {readHref ? (
              // a page load: the reader's page has a policy of its own (ADR 023)
              <a
                href={chapter ? `${readHref}?chapter=${chapter.position}` : readHref}
                className={buttonClass('secondary', 'sm')}
              >
                <BookOpenIcon width={16} height={16} />
                {mn.reader.readHere}
              </a>
            ) : null}
            <Link to="/cloud-player" className={buttonClass('ghost', 'sm')}>
              {mn.player.toCloudPlayer}
            </Link>
          </div>
          <p className="mt-3 hidden text-xs text-muted md:block">{mn.player.shortcuts}</p>
        </div>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-2">
        <Chapters />
        {full ? <Bookmarks adding={adding} onDone={() => setAdding(false)} /> : null}
      </div>
    </div>
  );
}
