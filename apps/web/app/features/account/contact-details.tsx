import { useRef, useState, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import type { User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { useOnResult, type ActionResult } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { toast } from '~/lib/toasts';
import { buttonClass } from '~/ui/buttons';
import { FormAlert } from '~/ui/retry-notice';
import { EMAIL_INTENT, EmailChange } from './email-change';

const t = mn.settings;

/**
 * The phone number and the e-mail address the account signs in with, each with whether it is
 * verified. The number changes through a code elsewhere; the address is added or changed here
 * through a code sent to it, and removed when the number remains to sign in with.
 */
export function ContactDetails({ user }: { user: User }) {
  const [mode, setMode] = useState<'view' | 'change' | 'remove'>('view');
  const changeRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setMode('view');
    requestAnimationFrame(() => changeRef.current?.focus());
  };

  return (
    <div className="rounded-2xl border border-line p-5 sm:p-6">
      <dl className="divide-y divide-line">
        <Row label={t.phone}>
          <Address value={user.phone} verified={user.phone_verified} empty={t.noPhone} />
        </Row>
        <Row
          label={t.email}
          actions={
            mode === 'view' ? (
              <>
                <button
                  ref={changeRef}
                  type="button"
                  onClick={() => setMode('change')}
                  aria-label={`${t.email}: ${user.email ? t.changeEmail : t.addEmail}`}
                  className={buttonClass('secondary', 'sm')}
                >
                  {user.email ? t.changeEmail : t.addEmail}
                </button>
                {user.email && user.phone ? (
                  <button
                    type="button"
                    onClick={() => setMode('remove')}
                    aria-label={`${t.email}: ${t.removeEmail}`}
                    className={buttonClass('secondary', 'sm', 'hover:border-red-600 hover:text-red-700')}
                  >
                    {t.removeEmail}
                  </button>
                ) : null}
              </>
            ) : null
          }
        >
          <Address value={user.email} verified={user.email_verified} empty={t.noEmail} />
        </Row>
      </dl>
      {mode === 'change' ? (
        <div className="mt-2 border-t border-line pt-5">
          <EmailChange user={user} onClose={close} />
        </div>
      ) : mode === 'remove' ? (
        <RemoveEmail onClose={close} />
      ) : null}
    </div>
  );
}

function Row({ label, actions, children }: { label: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0 last:pb-0">
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <span className="flex min-w-0 flex-wrap items-center gap-2 text-base">{children}</span>
        {actions ? <span className="flex flex-wrap gap-2">{actions}</span> : null}
      </dd>
    </div>
  );
}

function Address({ value, verified, empty }: { value: string | null; verified: boolean; empty: string }) {
  if (!value) return <span className="text-muted">{empty}</span>;
  return (
    <>
      <span className="break-all">{value}</span>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
          verified ? 'bg-emerald-50 text-emerald-700' : 'bg-surface text-muted'
        }`}
      >
        {verified ? t.verified : t.notVerified}
      </span>
    </>
  );
}

/** Asked once more: without the address the account signs in with the phone number only. */
function RemoveEmail({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<ActionResult<{ user: User }>>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const retry = useRetryWait(answer);
  const pending = fetcher.state !== 'idle';
  useOnResult(answer, (result) => {
    if (!result.ok) return;
    useAuth.getState().setUser(result.user);
    toast.success(t.emailRemoved);
    onClose();
  });

  return (
    <fetcher.Form
      method="post"
      role="group"
      aria-labelledby="remove-email-question"
      className="mt-4 space-y-3 rounded-xl bg-red-50 p-4"
    >
      <input type="hidden" name="intent" value={EMAIL_INTENT.remove} />
      <p id="remove-email-question" className="text-sm text-red-900">
        {t.removeEmailQuestion}
      </p>
      <FormAlert
        message={answer && !answer.ok && !retry.over ? answer.message : null}
        wait={retry.wait}
        onWaitEnd={retry.end}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={pending || retry.wait !== null}
          autoFocus
          className={buttonClass('danger', 'sm')}
        >
          {t.removeEmailConfirm}
        </button>
        <button type="button" onClick={onClose} disabled={pending} className={buttonClass('secondary', 'sm')}>
          {t.cancel}
        </button>
      </div>
    </fetcher.Form>
  );
}
