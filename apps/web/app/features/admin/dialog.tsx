import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { failureOf } from '~/lib/form';
import { FormMessage } from '~/ui/form';
import { isSessionLost, signInHref } from './access';
import { Submit, adminButton } from './ui';

/**
 * A modal dialog (the browser's own <dialog>: focus kept inside, Escape closes it, the page
 * behind inert), open while it is mounted; `onClose` when it closes by any means.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-ink/40"
    >
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>
  );
}

/**
 * Asks before something that cannot be undone from here (remove someone, withdraw an
 * invitation, refund): `onConfirm` does it; a refusal stays in the dialog, in Mongolian.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onClose,
}: {
  title: string;
  text: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      const failure = failureOf(caught);
      if (isSessionLost(failure)) void navigate(signInHref(`${pathname}${search}`));
      else setError(failure.message);
      setPending(false);
    }
  }
  return (
    <Dialog title={title} onClose={onClose}>
      <div className="mt-2 text-sm text-muted">{text}</div>
      {error ? (
        <div className="mt-4">
          <FormMessage>{error}</FormMessage>
        </div>
      ) : null}
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        className="mt-5 flex flex-wrap justify-end gap-2"
      >
        <button type="button" onClick={onClose} className={adminButton('secondary')}>
          {mn.admin.cancel}
        </button>
        <Submit pending={pending} variant="danger">
          {confirmLabel}
        </Submit>
      </form>
    </Dialog>
  );
}
