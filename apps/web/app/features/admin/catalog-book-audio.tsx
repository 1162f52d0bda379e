import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode } from 'react';
import type { Upload } from 'tus-js-client';
import type { DeskAudioStatus } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { formatClock } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { CheckIcon, ChevronDownIcon, ChevronUpIcon, CloseIcon } from '~/ui/icons';
import { Spinner } from '~/ui/form';
import { adminApi } from './admin-api';
import { useStaffFailure } from './form';
import {
  FilePicker,
  Refusal,
  SendButtons,
  SentBar,
  SentNote,
  UPLOAD_LIMITS,
  megabytes,
  sendResumably,
  type Refused,
} from './resumable-upload';
import { Panel, adminButton } from './ui';

const t = mn.admin.recording;

/** how often the page asks where the job is */
const POLL_MS = 1500;
const ON_ITS_WAY: readonly DeskAudioStatus['status'][] = ['queued', 'probing', 'normalizing', 'packaging'];
const STEPS = ['probing', 'normalizing', 'packaging'] as const;
/** what the upload endpoint reads as audio (docs/uploads.md); a browser's type for them varies */
const AUDIO_NAME = /\.(mp3|m4a|m4b|mp4|aac|flac|ogg|oga|opus|wav)$/i;
const ACCEPT = 'audio/*,.mp3,.m4a,.m4b,.aac,.flac,.ogg,.oga,.opus,.wav';

interface Chosen {
  key: string;
  file: File;
  sent: number;
  phase: 'waiting' | 'uploading' | 'paused' | 'uploaded';
  /** the finished upload's id: sent once, kept if the recording is sent again */
  id: string | null;
}

/** the routes of a book's recording and of a summary's (the same job behind both) */
const ROUTES = {
  book: { status: catalogDeskEndpoints.audioStatus, start: catalogDeskEndpoints.setAudio },
  summary: { status: catalogDeskEndpoints.summaryAudioStatus, start: catalogDeskEndpoints.setSummaryAudio },
} as const;

/** given up by the editor: no refusal to show */
class GivenUp extends Error {}

/**
 * The title's (a book's or a summary's) recording: where it is now (ready with its chapters and length, on its way step by
 * step, or failed and why); audio files chosen, put in the order they play and sent resumably one
 * after another (pause, resume, give up), then handed to the job by their ids in that order. The
 * job's step is read again every 1.5 s until it is ready or failed.
 */
export function RecordingPanel({
  kind = 'book',
  target,
  initial,
  onChanged,
}: {
  kind?: keyof typeof ROUTES;
  /** the book or summary: its id, and whether it holds a recording now */
  target: { id: number; has_audio: boolean };
  initial: DeskAudioStatus;
  onChanged: () => void;
}) {
  const failed = useStaffFailure();
  const [status, setStatus] = useState(initial);
  const [adopted, setAdopted] = useState(initial);
  // the page's data read again (after a change elsewhere): its answer is as new as ours
  if (adopted !== initial) {
    setAdopted(initial);
    setStatus(initial);
  }
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<Refused | null>(null);
  const [sending, setSending] = useState(false);
  const [announced, setAnnounced] = useState('');
  const current = useRef<{ key: string; upload: Upload | null; giveUp: () => void } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focus = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);
  const errorsId = useId();
  const orderId = useId();
  // an upload left running when the page goes: stopped, not given up (it can resume from here later)
  useEffect(() => () => void current.current?.upload?.abort(), []);

  const changed = useEffectEvent((next: DeskAudioStatus) => {
    if (next.status === 'ready') toast.success(t.readyDone);
    // the title has its audio edition from packaging on: its offers and status follow
    if (next.status === 'packaging' || next.status === 'ready') onChanged();
  });
  const lost = useEffectEvent((error: unknown) => failed(error) === null);
  const onItsWay = ON_ITS_WAY.includes(status.status);
  useEffect(() => {
    if (!onItsWay) return;
    let stopped = false;
    const timer = setTimeout(() => {
      adminApi()
        .call(ROUTES[kind].status, { params: { id: target.id } })
        .then(({ data }) => {
          if (stopped) return;
          if (data.status !== status.status) changed(data);
          setStatus(data);
        })
        .catch((error: unknown) => {
          // a lost connection: asked again; a lost session: the sign-in page
          if (!stopped && !lost(error)) setStatus((previous) => ({ ...previous }));
        });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [status, onItsWay, kind, target.id]);

  // a moved file keeps the keyboard's focus on the button that moved it (or its neighbour at an end)
  useEffect(() => {
    const moved = focus.current;
    if (!moved) return;
    focus.current = null;
    const same = buttons.current.get(`${moved.key}:${moved.direction}`);
    const other = buttons.current.get(`${moved.key}:${moved.direction === 'up' ? 'down' : 'up'}`);
    (same && !same.disabled ? same : other)?.focus();
  });

  function choose(files: File[]) {
    setRefusal(null);
    const problems: string[] = [];
    const taken: Chosen[] = [];
    for (const file of files) {
      if (!file.type.startsWith('audio/') && !AUDIO_NAME.test(file.name)) problems.push(t.notAudio(file.name));
      else if (file.size > UPLOAD_LIMITS.audio) problems.push(t.tooLarge(file.name, megabytes(UPLOAD_LIMITS.audio)));
      else taken.push({ key: crypto.randomUUID(), file, sent: 0, phase: 'waiting', id: null });
    }
    setErrors(problems);
    // one file of several chosen again by mistake is not sent twice
    setChosen((previous) => [
      ...previous,
      ...taken.filter(
        (next) => !previous.some((held) => held.file.name === next.file.name && held.file.size === next.file.size),
      ),
    ]);
  }

  function move(index: number, by: -1 | 1) {
    const next = [...chosen];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setChosen(next);
    focus.current = { key: item!.key, direction: by < 0 ? 'up' : 'down' };
    setAnnounced(t.moved(item!.file.name, index + by + 1));
  }

  const update = (key: string, patch: Partial<Chosen>) =>
    setChosen((previous) => previous.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  /** one file sent resumably: its upload's id */
  function sendOne(item: Chosen): Promise<string> {
    update(item.key, { phase: 'uploading', sent: 0 });
    return new Promise<string>((resolve, reject) => {
      current.current = { key: item.key, upload: null, giveUp: () => reject(new GivenUp()) };
      sendResumably(item.file, 'audio', {
        progress: (sent) => update(item.key, { sent }),
        done: resolve,
        failed: reject,
      }).then((upload) => {
        if (current.current?.key === item.key) current.current.upload = upload;
        else void upload.abort(true);
      }, reject);
    });
  }

  async function send() {
    setRefusal(null);
    setErrors([]);
    setSending(true);
    const order = chosen;
    const ids: string[] = [];
    let item: Chosen | undefined;
    try {
      for (item of order) {
        const id = item.id ?? (await sendOne(item));
        update(item.key, { id, phase: 'uploaded', sent: item.file.size });
        ids.push(id);
      }
      item = undefined;
      current.current = null;
      const { data } = await adminApi().call(ROUTES[kind].start, {
        params: { id: target.id },
        body: { upload_ids: ids },
      });
      toast.success(t.queuedDone);
      setChosen([]);
      setStatus(data);
    } catch (error) {
      current.current = null;
      if (item && !item.id) update(item.key, { phase: 'waiting', sent: 0 });
      if (!(error instanceof GivenUp)) {
        const message = failed(error);
        if (message !== null) setRefusal({ message: item ? `«${item.file.name}»: ${message}` : message, problems: [] });
      }
    } finally {
      setSending(false);
    }
  }

  const step = t.steps[status.status === 'none' ? 'queued' : status.status];
  return (
    <Panel title={t.title} lead={t.lead}>
      <div className="space-y-3">
        {onItsWay ? (
          <div className="space-y-2">
            <p className="flex items-center gap-2 text-sm font-semibold">
              <Spinner />
              {step}
            </p>
            <div
              role="progressbar"
              aria-label={t.job}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={status.progress}
              aria-valuetext={t.percent(step, status.progress)}
              className="h-2 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset"
            >
              <div
                className="h-full rounded-full bg-brand transition-[width]"
                style={{ width: `${status.progress}%` }}
              />
            </div>
            <p className="text-xs text-muted tabular-nums" aria-live="polite">
              {t.percent(step, status.progress)}
            </p>
            <Steps status={status.status} />
          </div>
        ) : status.status === 'ready' && status.duration_seconds !== null ? (
          <p className="flex items-start gap-2 text-sm">
            <CheckIcon width={18} height={18} className="mt-0.5 shrink-0 text-emerald-600" />
            {t.ready(status.chapters, formatClock(status.duration_seconds))}
          </p>
        ) : status.status === 'failed' ? (
          <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-semibold">{t.failedTitle}</p>
            <p className="mt-0.5 [overflow-wrap:anywhere]">{status.error}</p>
          </div>
        ) : (
          <p className="text-sm">{target.has_audio ? t.held : <span className="text-muted">{t.none}</span>}</p>
        )}
        {status.files.length > 0 && status.status !== 'ready' && status.status !== 'none' ? (
          <p className="text-xs text-muted [overflow-wrap:anywhere]">
            {t.sentFiles(status.files.length)}: {status.files.join(', ')}
          </p>
        ) : null}

        {chosen.length > 0 ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
            className="space-y-3 border-t border-line pt-3"
          >
            <p id={orderId} className="text-xs text-muted">
              {t.order}
            </p>
            <ol aria-label={t.files} aria-describedby={orderId} className="space-y-2">
              {chosen.map((item, index) => (
                <li key={item.key} className="rounded-lg border border-line px-2 py-1.5">
                  <div className="flex items-center gap-1.5">
                    <span className="w-5 shrink-0 text-xs text-muted tabular-nums">{index + 1}.</span>
                    <span className="min-w-0 flex-1 truncate text-sm font-semibold" title={item.file.name}>
                      {item.file.name}
                    </span>
                    {sending ? (
                      <span className="shrink-0 text-xs text-muted">
                        {item.phase === 'uploaded' ? (
                          <CheckIcon width={16} height={16} className="text-emerald-600" aria-label={t.uploaded} />
                        ) : item.phase === 'waiting' ? (
                          t.waiting
                        ) : null}
                      </span>
                    ) : (
                      <span className="flex shrink-0 items-center">
                        <IconButton
                          label={t.up(item.file.name)}
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                          refer={(element) => keep(buttons.current, `${item.key}:up`, element)}
                        >
                          <ChevronUpIcon width={16} height={16} />
                        </IconButton>
                        <IconButton
                          label={t.down(item.file.name)}
                          disabled={index === chosen.length - 1}
                          onClick={() => move(index, 1)}
                          refer={(element) => keep(buttons.current, `${item.key}:down`, element)}
                        >
                          <ChevronDownIcon width={16} height={16} />
                        </IconButton>
                        <IconButton
                          label={t.remove(item.file.name)}
                          danger
                          onClick={() => setChosen((previous) => previous.filter((other) => other.key !== item.key))}
                        >
                          <CloseIcon width={16} height={16} />
                        </IconButton>
                      </span>
                    )}
                  </div>
                  {item.phase === 'uploading' || item.phase === 'paused' ? (
                    <div className="mt-1.5 space-y-1.5">
                      <SentBar
                        sent={item.sent}
                        size={item.file.size}
                        paused={item.phase === 'paused'}
                        label={t.fileProgress(item.file.name)}
                      />
                      <SentNote
                        sending={{ name: item.file.name, size: item.file.size, sent: item.sent, phase: item.phase }}
                      />
                      <SendButtons
                        phase={item.phase}
                        pausable
                        onPause={() => {
                          void current.current?.upload?.abort();
                          update(item.key, { phase: 'paused' });
                        }}
                        onResume={() => {
                          current.current?.upload?.start();
                          update(item.key, { phase: 'uploading' });
                        }}
                        onCancel={() => {
                          // given up: the server deletes what it has
                          void current.current?.upload?.abort(true);
                          current.current?.giveUp();
                        }}
                      />
                    </div>
                  ) : null}
                </li>
              ))}
            </ol>
            <p className="sr-only" aria-live="polite">
              {announced}
            </p>
            <button
              type="submit"
              disabled={sending}
              aria-busy={sending || undefined}
              className={adminButton('primary', 'md', 'w-full')}
            >
              {sending ? <Spinner /> : null}
              {sending ? t.sending : t.send}
            </button>
          </form>
        ) : null}

        {sending ? null : (
          <FilePicker
            label={
              chosen.length > 0 ? t.chooseMore : status.status === 'ready' || target.has_audio ? t.replace : t.choose
            }
            accept={ACCEPT}
            multiple
            describedBy={errors.length > 0 ? errorsId : undefined}
            onFiles={choose}
          />
        )}
        {errors.length > 0 ? (
          <ul id={errorsId} className="space-y-0.5 text-sm text-red-700 [overflow-wrap:anywhere]">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
        {refusal ? <Refusal refusal={refusal} /> : null}
      </div>
    </Panel>
  );
}

/** The job's three steps: done, this one, still to come. */
function Steps({ status }: { status: DeskAudioStatus['status'] }) {
  const at = STEPS.indexOf(status as (typeof STEPS)[number]);
  return (
    <ol className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
      {STEPS.map((name, index) => (
        <li
          key={name}
          aria-current={index === at ? 'step' : undefined}
          className={index < at ? 'text-emerald-700' : index === at ? 'font-semibold text-ink' : 'text-muted'}
        >
          {index < at ? '✓ ' : `${index + 1}. `}
          {t.steps[name]}
        </li>
      ))}
    </ol>
  );
}

function IconButton({
  label,
  disabled = false,
  danger = false,
  onClick,
  refer,
  children,
}: {
  label: string;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
  refer?: (element: HTMLButtonElement | null) => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={refer}
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={adminButton(
        danger ? 'quietDanger' : 'quiet',
        'sm',
        'w-8 px-0 focus-visible:ring-2 focus-visible:ring-brand',
      )}
    >
      {children}
    </button>
  );
}

function keep(map: Map<string, HTMLButtonElement>, key: string, element: HTMLButtonElement | null) {
  if (element) map.set(key, element);
  else map.delete(key);
}
