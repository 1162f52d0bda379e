import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { recoveryCode, staffSignInRequest, totpCode } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { FormMessage, PasswordField, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { useStaffForm } from './form';
import { Submit } from './ui';

const t = mn.admin.signIn;
const appCode = z.object({ code: totpCode });
const backupCode = z.object({ code: recoveryCode });

/**
 * The staff sign-in in two steps: the login and password answer a challenge (five minutes),
 * then a code from the authenticator app, or a recovery code, opens the session; then `prev`.
 */
export function StaffSignIn({ prev }: { prev: string }) {
  const [login, setLogin] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (challenge) {
    return (
      <CodeStep
        challenge={challenge}
        prev={prev}
        onStartOver={(why) => {
          setNotice(why);
          setChallenge(null);
        }}
      />
    );
  }
  return (
    <PasswordStep
      login={login}
      onLogin={setLogin}
      notice={notice}
      onChallenge={(next) => {
        setNotice(null);
        setChallenge(next);
      }}
    />
  );
}

function PasswordStep({
  login,
  onLogin,
  notice,
  onChallenge,
}: {
  login: string;
  onLogin: (login: string) => void;
  notice: string | null;
  onChallenge: (challenge: string) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const form = useStaffForm(staffSignInRequest, ['login', 'password']);
  const send = () =>
    form.submit(formRef.current, { login, password }, async (body) => {
      const { data } = await adminApi().call(staffEndpoints.signIn, { body });
      onChallenge(data.challenge);
    });
  return (
    <>
      <h1 className="text-xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-1 text-sm text-muted">{t.lead}</p>
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="mt-5 space-y-4"
      >
        {notice && !form.message && !form.wait ? <FormMessage>{notice}</FormMessage> : null}
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <TextField
          label={t.login}
          name="login"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={login}
          error={form.error('login')}
          onChange={(event) => {
            onLogin(event.target.value);
            form.clear('login');
          }}
        />
        <PasswordField
          label={t.password}
          name="password"
          autoComplete="current-password"
          value={password}
          error={form.error('password')}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clear('password');
          }}
        />
        <Submit pending={form.pending} waiting={form.wait !== null} className="w-full">
          {t.next}
        </Submit>
      </form>
      <p className="mt-5 border-t border-line pt-4 text-xs text-muted">{t.noAccount}</p>
    </>
  );
}

function CodeStep({
  challenge,
  prev,
  onStartOver,
}: {
  challenge: string;
  prev: string;
  onStartOver: (why: string | null) => void;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  const [code, setCode] = useState('');
  // the challenge ran out (or the password changed meanwhile): back to the password, saying so
  const form = useStaffForm(mode === 'app' ? appCode : backupCode, ['code'], {
    onUnauthorized: (refusal) => onStartOver(refusal.message),
    fieldFor: { OTP_INVALID: 'code' },
  });
  const send = () =>
    form.submit(formRef.current, { code }, async (body) => {
      await adminApi().call(staffEndpoints.verify, { body: { challenge, code: body.code } });
      void navigate(prev, { replace: true });
    });
  const switchTo = (next: 'app' | 'recovery') => {
    setMode(next);
    setCode('');
    form.reset();
  };
  const app = mode === 'app';
  return (
    <>
      <h1 className="text-xl font-bold tracking-tight">{app ? t.codeTitle : t.recoveryTitle}</h1>
      <p className="mt-1 text-sm text-muted">{app ? t.codeLead : t.recoveryLead}</p>
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="mt-5 space-y-4"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <TextField
          key={mode}
          label={app ? t.code : t.recovery}
          hint={app ? undefined : t.recoveryHint}
          name="code"
          autoComplete="one-time-code"
          inputMode={app ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          error={form.error('code')}
          onChange={(event) => {
            setCode(event.target.value);
            form.clear('code');
          }}
          className={app ? '[&_input]:font-mono [&_input]:tracking-[0.3em]' : '[&_input]:font-mono'}
        />
        <Submit pending={form.pending} waiting={form.wait !== null} className="w-full">
          {t.submit}
        </Submit>
      </form>
      <div className="mt-4 flex flex-col items-start gap-2 text-sm">
        <button
          type="button"
          onClick={() => switchTo(app ? 'recovery' : 'app')}
          className="text-left font-semibold text-brand hover:underline"
        >
          {app ? t.useRecovery : t.useApp}
        </button>
        <button
          type="button"
          onClick={() => onStartOver(null)}
          className="text-left text-muted hover:text-ink hover:underline"
        >
          {t.startOver}
        </button>
      </div>
    </>
  );
}
