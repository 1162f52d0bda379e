import { useRef, useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import { email, type OtpChallenge, type User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { schemaError, summaryOf, useFormFields, useOnResult, type ActionResult, type Failure } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { toast } from '~/lib/toasts';
import { buttonClass } from '~/ui/buttons';
import { CodeForm, ResendCode } from '~/ui/code-entry';
import { SubmitButton, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';

const t = mn.settings;

/** The profile action's e-mail intents (routes/settings-profile.tsx). */
export const EMAIL_INTENT = {
  sendCode: 'email-code',
  verify: 'email-verify',
  remove: 'email-remove',
} as const;

type Sent = ActionResult<{ challenge: OtpChallenge; email: string }>;
type Verified = ActionResult<{ user: User }>;

const failed = <T extends object>(answer: ActionResult<T> | undefined): Failure | null =>
  answer && !answer.ok ? answer : null;

/**
 * Adding or changing the e-mail address: the new address, then the code sent to it. The API
 * answers the same when another account holds the address (that inbox gets a notice instead),
 * so the page only ever says a message was sent. Done: the address is verified and shown.
 */
export function EmailChange({ user, onClose }: { user: User; onClose: () => void }) {
  const sender = useFetcher<Sent>();
  const verifier = useFetcher<Verified>();
  const [flow, setFlow] = useState<{ email: string; challenge: OtpChallenge } | null>(null);
  const [address, setAddress] = useState('');
  // A refusal belongs to the step that asked: the address form, or "resend" in the code step.
  const [askedFrom, setAskedFrom] = useState<'address' | 'resend'>('address');

  useOnResult(sender.data, (answer) => {
    if (!answer.ok) return;
    if (flow) toast.success(mn.authPages.codeResent);
    setFlow({ email: answer.email, challenge: answer.challenge });
  });
  useOnResult(verifier.data, (answer) => {
    if (!answer.ok) return;
    useAuth.getState().setUser(answer.user);
    toast.success(t.emailVerified(answer.user.email ?? flow?.email ?? ''));
    onClose();
  });

  const send = (to: string, from: 'address' | 'resend') => {
    setAskedFrom(from);
    void sender.submit({ intent: EMAIL_INTENT.sendCode, email: to }, { method: 'post' });
  };
  const sendFailure = failed(sender.data);

  if (!flow) {
    return (
      <AddressForm
        initial={address}
        current={user}
        pending={sender.state !== 'idle'}
        failure={askedFrom === 'address' ? sendFailure : null}
        onSend={(to) => {
          setAddress(to);
          send(to, 'address');
        }}
        onCancel={onClose}
      />
    );
  }
  return (
    <div>
      <h3 className="font-semibold">{t.emailCodeTitle}</h3>
      <p className="mt-1 mb-4 text-sm leading-relaxed text-muted">{t.emailSent(flow.challenge.destination)}</p>
      <CodeForm
        onCode={(code) =>
          void verifier.submit(
            { intent: EMAIL_INTENT.verify, challenge_id: flow.challenge.challenge_id, code },
            { method: 'post' },
          )
        }
        pending={verifier.state !== 'idle'}
        failure={failed(verifier.data)}
      />
      <ResendCode
        key={flow.challenge.challenge_id}
        seconds={flow.challenge.resend_in}
        restartKey={flow.challenge.challenge_id}
        onResend={() => send(flow.email, 'resend')}
        pending={sender.state !== 'idle'}
        failure={askedFrom === 'resend' ? sendFailure : null}
      />
      <div className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
        <button
          type="button"
          onClick={() => setFlow(null)}
          className="font-semibold text-brand hover:text-brand-dark hover:underline"
        >
          {t.otherEmail}
        </button>
        <button type="button" onClick={onClose} className="font-semibold text-muted hover:text-ink hover:underline">
          {t.cancel}
        </button>
      </div>
    </div>
  );
}

function AddressForm({
  initial,
  current,
  pending,
  failure,
  onSend,
  onCancel,
}: {
  initial: string;
  current: User;
  pending: boolean;
  failure: Failure | null;
  onSend: (address: string) => void;
  onCancel: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFields(
    {
      email: (value) =>
        schemaError(email, value) ??
        (current.email_verified && email.parse(value) === current.email ? t.sameEmail : undefined),
    },
    { email: initial },
    failure?.fields,
  );
  const retry = useRetryWait(failure);
  const message = failure && !retry.over && !pending ? summaryOf(failure) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || retry.wait || !form.validate(formRef.current)) return;
    onSend(email.parse(form.values.email));
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
      <FormAlert message={message} wait={retry.wait} onWaitEnd={retry.end} />
      <TextField
        label={t.newEmail}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        hint={t.newEmailHint}
        {...form.field('email')}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <SubmitButton pending={pending} waiting={retry.wait !== null} needsScript className="sm:w-auto">
          {mn.authPages.sendCode}
        </SubmitButton>
        <button type="button" onClick={onCancel} className={buttonClass('secondary', 'lg')}>
          {t.cancel}
        </button>
      </div>
    </form>
  );
}
