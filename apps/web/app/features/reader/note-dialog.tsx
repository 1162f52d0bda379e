import { useEffect, useId, useRef, useState } from 'react';
import type { Highlight } from '@nomsan/contracts/library';
import { mn } from '@nomsan/contracts/messages';

const t = mn.reader;

/** A highlight's note: written, changed or the highlight removed. */
export function NoteDialog({
  highlight,
  onSave,
  onRemove,
  onClose,
}: {
  highlight: Highlight;
  onSave: (note: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const noteId = useId();
  const [note, setNote] = useState(highlight.note);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={headingId}
      onClose={onClose}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40"
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(note.trim());
        }}
        className="p-5"
      >
        <h2 id={headingId} className="text-lg font-bold">
          {t.editNote}
        </h2>
        <blockquote className="mt-3 max-h-32 overflow-y-auto border-s-4 border-yellow-300 ps-3 text-sm text-muted">
          {highlight.text}
        </blockquote>
        <label htmlFor={noteId} className="mt-4 block text-sm font-semibold">
          {t.note}
        </label>
        <textarea
          id={noteId}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={1_000}
          rows={4}
          placeholder={t.notePlaceholder}
          className="mt-1 w-full rounded-xl border border-line p-3 text-sm"
        />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            onClick={onRemove}
            className="h-11 rounded-full px-4 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            {t.remove}
          </button>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="h-11 rounded-full px-4 text-sm font-semibold hover:bg-surface"
          >
            {t.cancel}
          </button>
          <button
            type="submit"
            className="h-11 rounded-full bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-dark"
          >
            {t.save}
          </button>
        </div>
      </form>
    </dialog>
  );
}
