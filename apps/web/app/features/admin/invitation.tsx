import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import { staffAcceptRequest, type staffInviteOpenResponse } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { PasswordField, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { useStaffForm } from './form';
import { RecoveryCodes } from './recovery-codes';
import { CopyButton, RoleChips, Submit } from './ui';

const t = mn.admin.invite;

export type OpenedInvite = z.infer<typeof staffInviteOpenResponse>['data'];

/**
 * The QR code the API drew (an SVG string from its qrcode library), shown as an image: an SVG
 * in an <img> runs no script and reaches nothing, whatever it holds, unlike one put in the DOM.
 */
const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP': easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Accepting an invitation: add the authenticator (QR or the secret typed in), choose a
 * password and prove the app works with its first code; then the recovery codes, shown once.
 */
export function Invitation({ token, invite }: { token: string; invite: OpenedInvite }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const form = useStaffForm(staffAcceptRequest, ['password', 'code'], { fieldFor: { OTP_INVALID: 'code' } });

  if (recovery) {
    return (
      <>
        <h1 className="text-xl font-bold tracking-tight">{mn.admin.recovery.title}</h1>
        <div className="mt-3">
          <RecoveryCodes
            codes={recovery}
            login={invite.login}
            doneLabel={mn.admin.recovery.saved}
            onDone={() => void navigate('/admin', { replace: true })}
          />
        </div>
      </>
    );
  }

  const send = () =>
    form.submit(formRef.current, { password, code }, async (body) => {
      const { data } = await adminApi().call(staffEndpoints.acceptInvite, { params: { token }, body });
      setRecovery(data.recovery_codes);
    });

  return (
    <>
      <h1 className="text-xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-1 text-sm text-muted">{t.lead(invite.name)}</p>
      <dl className="mt-4 grid gap-3 rounded-lg bg-surface px-4 py-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">{t.login}</dt>
          <dd className="mt-0.5 font-semibold [overflow-wrap:anywhere]">{invite.login}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold text-muted">{t.roles}</dt>
          <dd className="mt-1">
            <RoleChips roles={invite.roles} />
          </dd>
        </div>
      </dl>

      <h2 className="mt-6 text-base font-bold">{t.stepApp}</h2>
      <p className="mt-1 text-sm text-muted">{t.stepAppLead}</p>
      <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={qrSource(invite.totp_qr_svg)}
          alt={t.qrAlt}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-line bg-white p-2"
        />
        <div className="w-full min-w-0">
          <p className="text-xs font-semibold text-muted">{t.secretLabel}</p>
          <p className="mt-1.5 rounded-lg border border-line bg-surface px-3 py-2 font-mono text-base tracking-wide break-words select-all">
            {grouped(invite.totp_secret)}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <CopyButton text={invite.totp_secret} />
            <a
              href={invite.totp_uri}
              className="inline-flex h-8 items-center text-sm font-semibold text-brand md:hidden"
            >
              {t.openInApp}
            </a>
          </div>
        </div>
      </div>

      <h2 className="mt-6 text-base font-bold">{t.stepPassword}</h2>
      <form
        ref={formRef}
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
        className="mt-3 space-y-4"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        {/* for password managers: the password belongs to this login */}
        <input type="text" name="username" autoComplete="username" value={invite.login} readOnly hidden />
        <PasswordField
          label={t.password}
          hint={t.passwordHint}
          name="password"
          autoComplete="new-password"
          value={password}
          error={form.error('password')}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clear('password');
          }}
        />
        <TextField
          label={t.code}
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
        <Submit pending={form.pending} waiting={form.wait !== null} className="w-full sm:w-auto">
          {t.submit}
        </Submit>
      </form>
    </>
  );
}
