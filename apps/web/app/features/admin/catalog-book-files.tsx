import { useEffect, useId, useState } from 'react';
import type { DeskBook } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { toast } from '~/lib/toasts';
import { Spinner } from '~/ui/form';
import { adminApi } from './admin-api';
import { useStaffFailure } from './form';
import { FilePicker, Refusal, UploadProgress, useResumableUpload } from './resumable-upload';
import { Panel, SelectField, adminButton } from './ui';

const t = mn.admin.files;
const SAMPLE_CHAPTERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

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
              onFiles={([file]) => {
                setPreview(URL.createObjectURL(file!));
                upload.start(file!);
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
          <FilePicker
            label={t.chooseEbook}
            accept=".epub,application/epub+zip"
            onFiles={([file]) => upload.start(file!)}
          />
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
