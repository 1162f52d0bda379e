import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { DetailedError, Upload } from 'tus-js-client';
import type { DeskBook } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { ApiError, isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import type { UploadKindName } from '@nomsan/contracts/uploads';
import { failureOf } from '~/lib/form';
import { toast } from '~/lib/toasts';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner } from '~/ui/form';
import { adminApi } from './admin-api';
import { useStaffFailure } from './form';
import { Panel, SelectField, adminButton } from './ui';

const t = mn.admin.files;

/** the resumable upload endpoint (docs/uploads.md); same origin, so the staff cookie goes along */
const UPLOADS = '/api/staff/uploads';
/** a dropped phone connection loses at most this much */
const CHUNK_BYTES = 5 * 1024 * 1024;
const MB = 1024 * 1024;
/** the upload endpoint's limits per kind (it refuses more with 413; said here before sending) */
const LIMITS = { cover: 15 * MB, epub: 300 * MB } as const;
const SAMPLE_CHAPTERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const megabytes = (bytes: number) => t.megabytes((bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0));

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

interface Sending {
  name: string;
  size: number;
  sent: number;
  phase: 'uploading' | 'paused' | 'checking';
}

/**
 * A file sent with tus (tus-js-client, 5 MB a request, retried and resumed where it stopped,
 * also after the page was reloaded: the client remembers unfinished uploads), then taken in by
 * `attach` with the upload's id. A refusal of the file (its type, size, an EPUB's structure)
 * is kept as the API's message and, when it names them, each problem.
 */
function useResumableUpload(kind: Extract<UploadKindName, 'cover' | 'epub'>, attach: (id: string) => Promise<void>) {
  const failed = useStaffFailure();
  const [sending, setSending] = useState<Sending | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);
  const current = useRef<Upload | null>(null);
  // an upload left running when the page goes: stopped, not given up (it can resume from here later)
  useEffect(() => () => void current.current?.abort(), []);

  function refused(error: unknown) {
    setSending(null);
    const message = failed(error);
    if (message === null) return;
    const listed = isApiError(error) ? error.fields.upload_id : undefined;
    setRefusal({ message, problems: listed ? listed.split('; ') : [] });
  }

  async function taken(upload: Upload) {
    current.current = null;
    setSending((previous) => previous && { ...previous, phase: 'checking' });
    try {
      await attach(upload.url!.split('/').pop()!);
      setSending(null);
    } catch (error) {
      refused(error);
    }
  }

  async function start(file: File) {
    setRefusal(null);
    if (file.size > LIMITS[kind]) {
      setRefusal({ message: t.tooLarge(megabytes(LIMITS[kind])), problems: [] });
      return;
    }
    const { Upload } = await import('tus-js-client');
    const upload: Upload = new Upload(file, {
      endpoint: UPLOADS,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10_000],
      metadata: { kind, filename: file.name },
      removeFingerprintOnSuccess: true,
      onProgress: (sent) => setSending((previous) => previous && { ...previous, sent }),
      onSuccess: () => void taken(upload),
      onError: (error) => {
        current.current = null;
        refused(refusalOf(error));
      },
    });
    current.current = upload;
    setSending({ name: file.name, size: file.size, sent: 0, phase: 'uploading' });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
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

/** The bar and what it says: how much is sent, paused, or being checked; pause, resume, give up. */
function UploadProgress({
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
  const percent = sending.size === 0 ? 100 : Math.floor((sending.sent / sending.size) * 100);
  return (
    <div className="space-y-2">
      <p className="truncate text-sm font-semibold" title={sending.name}>
        {sending.name}
      </p>
      <div
        role="progressbar"
        aria-label={t.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset"
      >
        <div
          className={`h-full rounded-full transition-[width] ${sending.phase === 'paused' ? 'bg-amber-500' : 'bg-brand'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
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
      {sending.phase === 'checking' ? null : (
        <div className="flex flex-wrap gap-2">
          {pausable && sending.phase === 'uploading' ? (
            <button type="button" onClick={onPause} className={adminButton('secondary', 'sm')}>
              {t.pause}
            </button>
          ) : null}
          {sending.phase === 'paused' ? (
            <button type="button" onClick={onResume} className={adminButton('primary', 'sm')}>
              {t.resume}
            </button>
          ) : null}
          <button type="button" onClick={onCancel} className={adminButton('quietDanger', 'sm')}>
            {t.cancel}
          </button>
        </div>
      )}
    </div>
  );
}

/** Why the file was not taken: the API's words, and each problem it named. */
function Refusal({ refusal }: { refusal: { message: string; problems: string[] } }) {
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
function FilePicker({ label, accept, onFile }: { label: string; accept: string; onFile: (file: File) => void }) {
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
        disabled={off}
        className="sr-only"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const file = event.target.files?.[0];
          // the same file may be chosen again after a refusal
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {label}
    </label>
  );
}

/** The cover: the one shown now (or the chosen image while it is sent and cut), and a new one. */
export function CoverPanel({ book, onChanged }: { book: DeskBook; onChanged: (book: DeskBook) => void }) {
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useResumableUpload('cover', async (id) => {
    const { data } = await adminApi().call(catalogDeskEndpoints.setCover, {
      params: { id: book.id },
      body: { upload_id: id },
    });
    toast.success(t.coverDone);
    onChanged(data);
  });
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = upload.sending && preview ? preview : book.cover.md || null;
  return (
    <Panel title={t.coverTitle} lead={t.coverLead}>
      <div className="flex gap-4">
        <div
          className="w-24 shrink-0 overflow-hidden rounded-md ring-1 ring-line"
          style={{ backgroundColor: book.cover.color, aspectRatio: `${book.cover.width} / ${book.cover.height}` }}
        >
          {shown ? <img src={shown} alt={t.coverAlt(book.title)} className="size-full object-cover" /> : null}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          {upload.sending ? (
            <UploadProgress
              sending={upload.sending}
              pausable={false}
              onPause={upload.pause}
              onResume={upload.resume}
              onCancel={upload.cancel}
            />
          ) : (
            <FilePicker
              label={t.chooseCover}
              accept="image/jpeg,image/png,image/webp"
              onFile={(file) => {
                setPreview(URL.createObjectURL(file));
                upload.start(file);
              }}
            />
          )}
          {upload.refusal ? <Refusal refusal={upload.refusal} /> : null}
        </div>
      </div>
    </Panel>
  );
}

/** The e-book: what is held, a new EPUB (checked by the API, its problems listed), and the free chapters. */
export function EbookPanel({ book, onChanged }: { book: DeskBook; onChanged: (book: DeskBook) => void }) {
  const failed = useStaffFailure();
  const upload = useResumableUpload('epub', async (id) => {
    const { data } = await adminApi().call(catalogDeskEndpoints.setEbook, {
      params: { id: book.id },
      body: { upload_id: id },
    });
    toast.success(t.ebookDone);
    onChanged(data);
  });
  const [sample, setSample] = useState(String(book.ebook?.sample_chapters ?? 1));
  const [saving, setSaving] = useState(false);
  const sampleHintId = useId();
  async function saveSample() {
    setSaving(true);
    try {
      const { data } = await adminApi().call(catalogDeskEndpoints.setEbook, {
        params: { id: book.id },
        body: { sample_chapters: Number(sample) },
      });
      toast.success(t.sampleSaved);
      onChanged(data);
    } catch (error) {
      const message = failed(error);
      if (message) toast.error(message);
    } finally {
      setSaving(false);
    }
  }
  return (
    <Panel title={t.ebookTitle} lead={t.ebookLead}>
      <div className="space-y-3">
        <p className="text-sm">
          {book.ebook ? t.ebookHeld(book.ebook.pages) : <span className="text-muted">{t.noEbook}</span>}
        </p>
        {upload.sending ? (
          <UploadProgress
            sending={upload.sending}
            pausable
            onPause={upload.pause}
            onResume={upload.resume}
            onCancel={upload.cancel}
          />
        ) : (
          <FilePicker label={t.chooseEbook} accept=".epub,application/epub+zip" onFile={upload.start} />
        )}
        {upload.refusal ? <Refusal refusal={upload.refusal} /> : null}
        {book.ebook ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void saveSample();
            }}
            className="flex items-end gap-2 border-t border-line pt-3"
          >
            <SelectField
              label={t.sample}
              name="sample_chapters"
              value={sample}
              onChange={(event) => setSample(event.target.value)}
              aria-describedby={sampleHintId}
              className="min-w-0 flex-1 [&_select]:h-10 [&_select]:text-sm"
            >
              {SAMPLE_CHAPTERS.map((n) => (
                <option key={n} value={n}>
                  {t.sampleChapters(n)}
                </option>
              ))}
            </SelectField>
            <button
              type="submit"
              disabled={saving || sample === String(book.ebook.sample_chapters)}
              className={adminButton('secondary')}
            >
              {saving ? <Spinner /> : null}
              {t.sampleSave}
            </button>
          </form>
        ) : null}
        {book.ebook ? (
          <p id={sampleHintId} className="-mt-1 text-xs text-muted">
            {t.sampleHint}
          </p>
        ) : null}
      </div>
    </Panel>
  );
}
