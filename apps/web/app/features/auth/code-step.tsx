import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { otpCode, password, personName } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { CLIENT_ID, deviceUuid } from '~/lib/device';
import { checkWith, failureOf, summaryOf, useBrowserSubmit, useFormFields } from '~/lib/form';
import { withPrev } from '~/lib/return-path';
import { toast } from '~/lib/toasts';
import { buttonClass } from '~/ui/buttons';
import { Countdown } from '~/ui/countdown';
import { FormMessage, PasswordField, SubmitButton, TextField } from '~/ui/form';
import { AuthCard, textLinkClass } from './auth-card';
import { flowFrom, useFinishSignIn, type CodeFlow } from './flow';

const t = mn.authPages;

/**
 * The code step (`/auth/code`): enter the code that was sent, then, by purpose, be signed in
 * (login), give a name and an optional password (register), or choose a new password (reset).
 */
export function CodeStep({ prev }: { prev: string }) {
  const location = useLocation();
  const [flow, setFlow] = useState(() => flowFrom(location.state));
  const [token, setToken] = useState<string | null>(null);

  if (!flow) {
    return (
      <AuthCard title={t.flowMissingTitle} lead={t.flowMissing}>
        <Link to={withPrev('/auth', prev)} className={buttonClass('primary', 'lg', 'w-full')}>
          {t.restart}
        </Link>
      </AuthCard>
    );
  }
  const restart = (
    <Link to={flow.from} className={textLinkClass}>
      {t.restart}
    </Link>
  );
  if (token && flow.purpose === 'register') {
    return (
      <AuthCard title={t.detailsTitle} lead={t.detailsLead} footer={restart}>
        <RegisterDetails token={token} prev={prev} />
      </AuthCard>
    );
  }
  if (token && flow.purpose === 'reset') {
    return (
      <AuthCard title={t.newPasswordTitle} lead={t.newPasswordLead} footer={restart}>
        <NewPassword token={token} prev={prev} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.codeTitles[flow.purpose]} lead={t.codeSent(flow.challenge.destination)}>
      <VerifyCode flow={flow} prev={prev} onVerified={setToken} />
      <ResendCode key={flow.challenge.challenge_id} flow={flow} onResent={setFlow} />
      <p className="mt-4 text-center text-sm">
        <Link to={flow.from} className={textLinkClass}>
          {flow.challenge.channel === 'email' ? t.changeEmail : t.changeDestination}
        </Link>
      </p>
    </AuthCard>
  );
}

function VerifyCode({
  flow,
  prev,
  onVerified,
}: {
  flow: CodeFlow;
  prev: string;
  onVerified: (verificationToken: string) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useFormFields({ code: checkWith(otpCode) }, { code: '' });

  async function verify(code: string) {
    setMessage(null);
    setPending(true);
    try {
      const result = await browserApi().verifyOtp({
        challenge_id: flow.challenge.challenge_id,
        purpose: flow.purpose,
        code,
      });
      if (result.status === 'signed_in') finish(result.session.user, prev);
      else if (result.status === 'verified') onVerified(result.verification_token);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === 'OTP_INVALID' || failure.fields.code) {
        form.showServerErrors({ code: failure.fields.code ?? failure.message }, formRef.current);
      } else {
        setMessage(summaryOf(failure));
      }
      setPending(false);
      // Typing the next attempt replaces the wrong code.
      const input = formRef.current?.elements.namedItem('code');
      if (input instanceof HTMLInputElement) input.select();
    }
  }

  const field = form.field('code');
  function change(event: ChangeEvent<HTMLInputElement>) {
    const digits = event.target.value.replace(/\D/g, '').slice(0, 6);
    form.set('code', digits);
    if (digits.length === 6 && digits !== form.values.code && !pending) void verify(digits);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.validate(formRef.current) || pending) return;
    void verify(form.values.code);
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
      {message ? <FormMessage>{message}</FormMessage> : null}
      <TextField
        label={t.codeLabel}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        autoFocus
        {...field}
        onChange={change}
        className="[&_input]:text-center [&_input]:text-2xl [&_input]:font-bold [&_input]:tracking-[0.5em]"
      />
      <SubmitButton pending={pending} needsScript>
        {t.verify}
      </SubmitButton>
    </form>
  );
}

/** "Resend" stays disabled while the countdown runs (the API's resend_in, or its Retry-After). */
function ResendCode({ flow, onResent }: { flow: CodeFlow; onResent: (flow: CodeFlow) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [wait, setWait] = useState({ seconds: flow.challenge.resend_in, round: 0 });
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    try {
      const challenge = await browserApi().sendOtp({ purpose: flow.purpose, ...flow.to });
      const next = { ...flow, challenge };
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: { flow: next } });
      onResent(next);
      toast.success(t.codeResent);
    } catch (error) {
      const failure = failureOf(error);
      toast.error(failure.message);
      if (failure.retryAfterS) {
        setReady(false);
        setWait({ seconds: failure.retryAfterS, round: wait.round + 1 });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-5 text-center text-sm text-muted" aria-live="polite">
      {ready ? (
        <button type="button" onClick={resend} disabled={pending} className={buttonClass('secondary', 'md', 'w-full')}>
          {t.resend}
        </button>
      ) : (
        <p>
          {t.resendIn}{' '}
          <Countdown
            seconds={wait.seconds}
            restartKey={wait.round}
            onDone={() => setReady(true)}
            className="font-semibold text-ink"
          />
        </p>
      )}
    </div>
  );
}

function RegisterDetails({ token, prev }: { token: string; prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const form = useFormFields(
    { name: checkWith(personName), password: checkWith(password, { optional: true }) },
    { name: '', password: '' },
  );
  const { pending, message, submit } = useBrowserSubmit(form, formRef);

  const send = submit(async () => {
    const session = await browserApi().register(
      {
        verification_token: token,
        name: form.values.name.trim(),
        ...(form.values.password ? { password: form.values.password } : {}),
      },
      { deviceUuid: deviceUuid(), clientId: CLIENT_ID },
    );
    finish(session.user, prev);
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={send} className="space-y-4">
      {message ? <FormMessage>{message}</FormMessage> : null}
      <TextField label={t.nameLabel} type="text" autoComplete="name" autoFocus {...form.field('name')} />
      <PasswordField
        label={t.optionalPasswordLabel}
        autoComplete="new-password"
        hint={t.optionalPasswordHint}
        {...form.field('password')}
      />
      <SubmitButton pending={pending} needsScript>
        {t.createAccount}
      </SubmitButton>
    </form>
  );
}

function NewPassword({ token, prev }: { token: string; prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const form = useFormFields({ password: checkWith(password) }, { password: '' });
  const { pending, message, submit } = useBrowserSubmit(form, formRef);

  const send = submit(async () => {
    const session = await browserApi().resetPassword({ verification_token: token, password: form.values.password });
    finish(session.user, prev, t.passwordReset);
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={send} className="space-y-4">
      {message ? <FormMessage>{message}</FormMessage> : null}
      <PasswordField
        label={t.newPasswordLabel}
        autoComplete="new-password"
        autoFocus
        hint={t.passwordHint}
        {...form.field('password')}
      />
      <SubmitButton pending={pending} needsScript>
        {t.savePassword}
      </SubmitButton>
    </form>
  );
}
