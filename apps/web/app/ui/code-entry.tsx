import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { otpCode } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { checkWith, summaryOf, useFormFields, useOnResult, type Failure } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { buttonClass } from './buttons';
import { Countdown } from './countdown';
import { FormMessage, SubmitButton, TextField } from './form';
import { FormAlert, RetryNotice } from './retry-notice';

const t = mn.authPages;

/**
 * The 6-digit code input of every code flow (signing in, registering, resetting, adding an
 * address): digits only, sent by itself at the sixth digit. The caller checks the code and hands
 * back each refusal as a new `failure`: a wrong code shows under the input (which keeps it,
 * selected, so typing the next try replaces it); anything else above the form.
 */
export function CodeForm({
  onCode,
  pending,
  failure,
}: {
  onCode: (code: string) => void;
  pending: boolean;
  failure: Failure | null | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormFields({ code: checkWith(otpCode) }, { code: '' });
  const [message, setMessage] = useState<string | null>(null);
  const retry = useRetryWait(failure);

  useOnResult(failure ?? undefined, (refusal) => {
    if (refusal.code === 'OTP_INVALID' || refusal.fields.code) {
      setMessage(null);
      form.showServerErrors({ code: refusal.fields.code ?? refusal.message }, formRef.current);
    } else {
      setMessage(summaryOf(refusal));
    }
    const input = formRef.current?.elements.namedItem('code');
    if (input instanceof HTMLInputElement) input.select();
  });

  const check = (code: string) => {
    if (pending || retry.wait) return;
    setMessage(null);
    onCode(code);
  };

  function change(event: ChangeEvent<HTMLInputElement>) {
    const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
    form.set('code', digits);
    if (digits.length === 6 && digits !== form.values.code) check(digits);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.validate(formRef.current)) check(form.values.code);
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
      <FormAlert message={retry.over ? null : message} wait={retry.wait} onWaitEnd={retry.end} />
      <TextField
        label={t.codeLabel}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        autoFocus
        {...form.field('code')}
        onChange={change}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:font-bold [&_input]:tracking-[0.5em]"
      />
      <SubmitButton pending={pending} waiting={retry.wait !== null} needsScript>
        {t.verify}
      </SubmitButton>
    </form>
  );
}

/**
 * "Resend": disabled while the countdown runs, first the challenge's `resend_in` (restarted by
 * each new `restartKey`, the new challenge), then after a refusal its Retry-After, with the
 * API's message. The caller sends the code and hands back a refusal as a new `failure`.
 */
export function ResendCode({
  seconds,
  restartKey,
  onResend,
  pending,
  failure,
}: {
  seconds: number;
  restartKey: unknown;
  onResend: () => void;
  pending: boolean;
  failure: Failure | null | undefined;
}) {
  const [readyFor, setReadyFor] = useState<unknown>(null);
  const retry = useRetryWait(failure);
  const counting = readyFor !== restartKey;
  const other = failure && !retry.wait && !retry.over && !pending ? failure.message : null;

  return (
    <div className="mt-5 space-y-3 text-center text-sm text-muted">
      {retry.wait ? (
        <RetryNotice wait={retry.wait} onDone={retry.end} />
      ) : counting ? (
        <p>
          {t.resendIn}{' '}
          <Countdown
            seconds={seconds}
            restartKey={restartKey}
            onDone={() => setReadyFor(restartKey)}
            className="font-semibold text-ink"
          />
        </p>
      ) : other ? (
        <FormMessage>{other}</FormMessage>
      ) : null}
      <button
        type="button"
        onClick={onResend}
        disabled={pending || counting || retry.wait !== null}
        aria-busy={pending || undefined}
        className={buttonClass('secondary', 'md', 'w-full')}
      >
        {t.resend}
      </button>
    </div>
  );
}
