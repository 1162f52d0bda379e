import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { password, personName } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { CLIENT_ID, deviceUuid } from '~/lib/device';
import { checkWith, failureOf, useBrowserSubmit, useFormFields, type Failure } from '~/lib/form';
import { withPrev } from '~/lib/return-path';
import { toast } from '~/lib/toasts';
import { buttonClass } from '~/ui/buttons';
import { CodeForm, ResendCode } from '~/ui/code-entry';
import { PasswordField, SubmitButton, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
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
      <ResendFlowCode key={flow.challenge.challenge_id} flow={flow} onResent={setFlow} />
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
  const finish = useFinishSignIn();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function verify(code: string) {
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
      setFailure(failureOf(error));
      setPending(false);
    }
  }

  return <CodeForm onCode={(code) => void verify(code)} pending={pending} failure={failure} />;
}

/** A new code to the same place; the countdowns are the API's resend_in, or its Retry-After. */
function ResendFlowCode({ flow, onResent }: { flow: CodeFlow; onResent: (flow: CodeFlow) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function resend() {
    setPending(true);
    setFailure(null);
    try {
      const challenge = await browserApi().sendOtp({ purpose: flow.purpose, ...flow.to });
      const next = { ...flow, challenge };
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: { flow: next } });
      onResent(next);
      toast.success(t.codeResent);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <ResendCode
      seconds={flow.challenge.resend_in}
      restartKey={flow.challenge.challenge_id}
      onResend={() => void resend()}
      pending={pending}
      failure={failure}
    />
  );
}

function RegisterDetails({ token, prev }: { token: string; prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const form = useFormFields(
    { name: checkWith(personName), password: checkWith(password, { optional: true }) },
    { name: '', password: '' },
  );
  const { pending, message, wait, endWait, submit } = useBrowserSubmit(form, formRef);

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
      <FormAlert message={message} wait={wait} onWaitEnd={endWait} />
      <TextField label={t.nameLabel} type="text" autoComplete="name" autoFocus {...form.field('name')} />
      <PasswordField
        label={t.optionalPasswordLabel}
        autoComplete="new-password"
        hint={t.optionalPasswordHint}
        {...form.field('password')}
      />
      <SubmitButton pending={pending} waiting={wait !== null} needsScript>
        {t.createAccount}
      </SubmitButton>
    </form>
  );
}

function NewPassword({ token, prev }: { token: string; prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const form = useFormFields({ password: checkWith(password) }, { password: '' });
  const { pending, message, wait, endWait, submit } = useBrowserSubmit(form, formRef);

  const send = submit(async () => {
    const session = await browserApi().resetPassword({ verification_token: token, password: form.values.password });
    finish(session.user, prev, t.passwordReset);
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={send} className="space-y-4">
      <FormAlert message={message} wait={wait} onWaitEnd={endWait} />
      <PasswordField
        label={t.newPasswordLabel}
        autoComplete="new-password"
        autoFocus
        hint={t.passwordHint}
        {...form.field('password')}
      />
      <SubmitButton pending={pending} waiting={wait !== null} needsScript>
        {t.savePassword}
      </SubmitButton>
    </form>
  );
}
