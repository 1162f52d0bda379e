import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { DetailedError, Upload } from 'tus-js-client';
import { ApiError, isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import type { UploadKindName } from '@nomsan/contracts/uploads';
import { failureOf } from '~/lib/form';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner } from '~/ui/form';
import { useStaffFailure } from './form';
import { adminButton } from './ui';

const t = mn.admin.files;

/** the resumable upload endpoint (docs/uploads.md); same origin, so the staff cookie goes along */
const UPLOADS = '/api/staff/uploads';
/** a dropped phone connection loses at most this much */
const CHUNK_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;
/** the upload endpoint's limits per kind (it refuses more with 413; said here before sending) */
export const UPLOAD_LIMITS = { cover: 15 * MB, epub: 300 * MB, audio: 2048 * MB, onix: 100 * MB } as const;
export type SentKind = Extract<UploadKindName, keyof typeof UPLOAD_LIMITS>;

export const megabytes = (bytes: number) => t.megabytes((bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0));

/** Why a file was not taken: the API's message and, when it names them, each problem. */
export interface Refused {
  message: string;
  problems: string[];
}

/** tus's refusals carry the API's error envelope; a lost connection carries none. */
function refusalOf(error: Error): unknown {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) return error;
  try {
    const body = JSON.parse(response.getBody()) as { error?: { code?: string; message?: string } };
    if (body.error?.message) return new ApiError(response.getStatus(), body.error.code ?? '', body.error.message);
  } catch {
    // not the envelope: a proxy's page
  }
  return new ApiError(response.getStatus(), 'UPLOAD_FAILED', t.failed);
}

/**
 * One file sent with tus (tus-js-client, 5 MB a request, retried and resumed where it stopped,
 * also after the page was reloaded: the client remembers unfinished uploads by the file's
 * fingerprint). `done` gets the upload's id, `failed` a refusal to show (`failureOf`'s input).
 * Answers the upload, to pause (`abort()`), resume (`start()`) or give up (`abort(true)`).
 */
export async function sendResumably(
  file: File,
  kind: SentKind,
  on: { progress: (sent: number) => void; done: (id: string) => void; failed: (error: unknown) => void },
): Promise<Upload> {
  const { Upload } = await import('tus-js-client');
  const upload: Upload = new Upload(file, {
    endpoint: UPLOADS,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000, 10_000],
    metadata: { kind, filename: file.name },
    removeFingerprintOnSuccess: true,
    onProgress: (sent) => on.progress(sent),
    onSuccess: () => on.done(upload.url!.split('/').pop()!),
    onError: (error) => on.failed(refusalOf(error)),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return upload;
}

/** A file too large for its kind, said before a byte is sent. */
export const tooLarge = (file: File, kind: SentKind) =>
  file.size > UPLOAD_LIMITS[kind] ? t.tooLarge(megabytes(UPLOAD_LIMITS[kind])) : null;

export interface Sending {
  name: string;
  size: number;
  sent: number;
  phase: 'uploading' | 'paused' | 'checking';
}

/**
 * One file sent resumably (`sendResumably`), then taken in by `attach` with the upload's id. A
 * refusal of the file (its type, size, an EPUB's structure) is kept as the API's message and,
 * when it names them, each problem.
 */
export function useResumableUpload(kind: SentKind, attach: (id: string) => Promise<void>) {
  const failed = useStaffFailure();
  const [sending, setSending] = useState<Sending | null>(null);
  const [refusal, setRefusal] = useState<Refused | null>(null);
  const current = useRef<Upload | null>(null);
  // an upload left running when the page goes: stopped, not given up (it can resume from here later)
  useEffect(() => () => void current.current?.abort(), []);

  function refused(error: unknown) {
    current.current = null;
    setSending(null);
    const message = failed(error);
    if (message === null) return;
    const listed = isApiError(error) ? error.fields.upload_id : undefined;
    setRefusal({ message, problems: listed ? listed.split('; ') : [] });
  }

  async function taken(id: string) {
    current.current = null;
    setSending((previous) => previous && { ...previous, phase: 'checking' });
    try {
      await attach(id);
      setSending(null);
    } catch (error) {
      refused(error);
    }
  }

  async function start(file: File) {
    setRefusal(null);
    const large = tooLarge(file, kind);
    if (large) {
      setRefusal({ message: large, problems: [] });
      return;
    }
    setSending({ name: file.name, size: file.size, sent: 0, phase: 'uploading' });
    current.current = await sendResumably(file, kind, {
      progress: (sent) => setSending((previous) => previous && { ...previous, sent }),
      done: (id) => void taken(id),
      failed: refused,
    });
  }

  return {
    sending,
    refusal,
    start: (file: File) => void start(file).catch((error: unknown) => refused(failureOf(error))),
    pause: () => {
      void current.current?.abort();
      setSending((previous) => previous && { ...previous, phase: 'paused' });
    },
    resume: () => {
      current.current?.start();
      setSending((previous) => previous && { ...previous, phase: 'uploading' });
    },
    cancel: () => {
      // given up: the server deletes what it has
      void current.current?.abort(true);
      current.current = null;
      setSending(null);
    },
  };
}

/** How far a file is, as a bar: its percent, amber while paused. */
export function SentBar({ sent, size, paused, label }: { sent: number; size: number; paused: boolean; label: string }) {
  const percent = sentPercent(sent, size);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset"
    >
      <div
        className={`h-full rounded-full transition-[width] ${paused ? 'bg-amber-500' : 'bg-brand'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

export const sentPercent = (sent: number, size: number) => (size === 0 ? 100 : Math.floor((sent / size) * 100));

/** What the bar says: how much is sent, paused, or being checked. */
export function SentNote({ sending }: { sending: Sending }) {
  const percent = sentPercent(sending.sent, sending.size);
  return (
    <p className="flex items-center gap-2 text-xs text-muted tabular-nums" aria-live="polite">
      {sending.phase === 'checking' ? (
        <>
          <Spinner />
          {t.checking}
        </>
      ) : (
        <>
          {sending.phase === 'paused' ? `${t.paused} · ` : ''}
          {t.sent(percent, megabytes(sending.sent), megabytes(sending.size))}
        </>
      )}
    </p>
  );
}

/** Pause or resume the file on its way, or give it up. */
export function SendButtons({
  phase,
  pausable,
  onPause,
  onResume,
  onCancel,
}: {
  phase: Sending['phase'];
  pausable: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  if (phase === 'checking') return null;
  return (
    <div className="flex flex-wrap gap-2">
      {pausable && phase === 'uploading' ? (
        <button type="button" onClick={onPause} className={adminButton('secondary', 'sm')}>
          {t.pause}
        </button>
      ) : null}
      {phase === 'paused' ? (
        <button type="button" onClick={onResume} className={adminButton('primary', 'sm')}>
          {t.resume}
        </button>
      ) : null}
      <button type="button" onClick={onCancel} className={adminButton('quietDanger', 'sm')}>
        {t.cancel}
      </button>
    </div>
  );
}

/** The bar and what it says: how much is sent, paused, or being checked; pause, resume, give up. */
export function UploadProgress({
  sending,
  pausable,
  onPause,
  onResume,
  onCancel,
}: {
  sending: Sending;
  pausable: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="space-y-2">
      <p className="truncate text-sm font-semibold" title={sending.name}>
        {sending.name}
      </p>
      <SentBar sent={sending.sent} size={sending.size} paused={sending.phase === 'paused'} label={t.progress} />
      <SentNote sending={sending} />
      <SendButtons
        phase={sending.phase}
        pausable={pausable}
        onPause={onPause}
        onResume={onResume}
        onCancel={onCancel}
      />
    </div>
  );
}

/** Why the file was not taken: the API's words, and each problem it named. */
export function Refusal({ refusal }: { refusal: Refused }) {
  return (
    <div role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {refusal.problems.length > 0 ? (
        <>
          <p className="font-semibold">{t.refused}</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 [overflow-wrap:anywhere]">
            {refusal.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="[overflow-wrap:anywhere]">{refusal.message}</p>
      )}
    </div>
  );
}

/** A file input dressed as a button (the input stays in the label, so its name is the label's). */
export function FilePicker({
  label,
  accept,
  multiple = false,
  describedBy,
  onFiles,
}: {
  label: string;
  accept: string;
  multiple?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
}) {
  const hydrated = useHydrated();
  const off = !hydrated;
  return (
    <label
      className={adminButton(
        'secondary',
        'md',
        `w-full has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand ${off ? 'pointer-events-none opacity-60' : 'cursor-pointer'}`,
      )}
    >
      <input
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={off}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const files = [...(event.target.files ?? [])];
          // the same file may be chosen again after a refusal
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {label}
    </label>
  );
}
