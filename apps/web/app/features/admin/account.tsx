import { useRef, useState } from 'react';
import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { staffPasswordRequest, staffRecoveryRequest, type StaffMe } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { FormMessage, PasswordField, Spinner, TextField } from '~/ui/form';
import { LogoutIcon } from '~/ui/icons';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { useStaffForm } from './form';
import { RecoveryCodes } from './recovery-codes';
import { Panel, Submit, adminButton } from './ui';
import { useStaffSignOut } from './use-staff-sign-out';

const t = mn.admin.account;

// the API's schema, with the current password asked for before anything is sent
const passwordChange = staffPasswordRequest.extend({
  current_password: z.string().min(1, { error: mn.staff.passwordRequired }).max(128),
});

/** One's own password: the current one, then the new one (the member rules); other sessions end. */
export function StaffPasswordForm({ me, onChanged }: { me: StaffMe; onChanged: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const form = useStaffForm(passwordChange, ['current_password', 'password']);
  const send = () =>
    form.submit(formRef.current, { current_password: current, password: next }, async (body) => {
      await adminApi().call(staffEndpoints.changePassword, { body });
      setCurrent('');
      setNext('');
      setDone(true);
      onChanged();
    });
  return (
    <Panel title={t.passwordTitle} lead={t.passwordLead}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setDone(false);
          void send();
        }}
        className="max-w-md space-y-4"
      >
        {done ? <FormMessage tone="success">{t.passwordChanged}</FormMessage> : null}
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        {/* for password managers: the password belongs to this login */}
        <input type="text" name="username" autoComplete="username" value={me.login} readOnly hidden />
        <PasswordField
          label={t.currentPassword}
          name="current_password"
          autoComplete="current-password"
          value={current}
          error={form.error('current_password')}
          onChange={(event) => {
            setCurrent(event.target.value);
            form.clear('current_password');
          }}
        />
        <PasswordField
          label={t.newPassword}
          hint={mn.admin.invite.passwordHint}
          name="password"
          autoComplete="new-password"
          value={next}
          error={form.error('password')}
          onChange={(event) => {
            setNext(event.target.value);
            form.clear('password');
          }}
        />
        <Submit pending={form.pending} waiting={form.wait !== null}>
          {t.passwordSubmit}
        </Submit>
      </form>
    </Panel>
  );
}

/** Ten new recovery codes after a code from the app (the old ones end), shown once. */
export function RecoveryRenewal({ me, onRenewed }: { me: StaffMe; onRenewed: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const form = useStaffForm(staffRecoveryRequest, ['code'], { fieldFor: { OTP_INVALID: 'code' } });
  const send = () =>
    form.submit(formRef.current, { code }, async (body) => {
      const { data } = await adminApi().call(staffEndpoints.renewRecoveryCodes, { body });
      setCode('');
      setCodes(data.recovery_codes);
      onRenewed();
    });
  return (
    <Panel title={t.recoveryTitle} lead={codes ? t.recoveryMade : t.recoveryLead(me.recovery_codes_left)}>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          login={me.login}
          doneLabel={mn.admin.recovery.done}
          onDone={() => setCodes(null)}
        />
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
          className="max-w-md space-y-4"
        >
          <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
          <TextField
            label={t.recoveryCode}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            error={form.error('code')}
            onChange={(event) => {
              setCode(event.target.value);
              form.clear('code');
            }}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
          />
          <Submit pending={form.pending} waiting={form.wait !== null} variant="secondary">
            {t.recoverySubmit}
          </Submit>
        </form>
      )}
    </Panel>
  );
}

/** Ends this browser's staff session. */
export function SignOutPanel() {
  const { signOut, pending } = useStaffSignOut();
  return (
    <Panel title={t.signOutTitle} lead={t.signOutLead}>
      <button type="button" onClick={() => void signOut()} disabled={pending} className={adminButton('secondary')}>
        {pending ? <Spinner /> : <LogoutIcon width={16} height={16} />}
        {mn.admin.signOut}
      </button>
    </Panel>
  );
}
