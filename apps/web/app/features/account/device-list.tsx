import { useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Device } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import type { ActionResult } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { buttonClass } from '~/ui/buttons';
import { FormMessage } from '~/ui/form';
import { MonitorIcon, SmartphoneIcon } from '~/ui/icons';
import { FormAlert } from '~/ui/retry-notice';
import { useSignOut } from './use-sign-out';

const t = mn.settings;
export const REVOKE_FETCHER = 'revoke-device';

const isPhone = (device: Device) => /android|ios|iphone|ipad/i.test(`${device.os ?? ''} ${device.name}`);

/**
 * The devices signed in to this account, this one first. Another device is revoked after a
 * confirmation (it is signed out at its next request); this one signs out as the menu does.
 */
export function DeviceList({ devices }: { devices: Device[] }) {
  const fetcher = useFetcher<ActionResult<{ revoked: string }>>({ key: REVOKE_FETCHER });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const retry = useRetryWait(result);
  return (
    <div className="space-y-4">
      {result?.ok ? <FormMessage tone="success">{t.revoked(result.revoked)}</FormMessage> : null}
      <FormAlert
        message={result && !result.ok && !retry.over ? result.message : null}
        wait={retry.wait}
        onWaitEnd={retry.end}
      />
      <ul aria-label={t.devices} className="divide-y divide-line rounded-2xl border border-line">
        {devices.map((device) => (
          <DeviceRow key={device.id} device={device} waiting={retry.wait !== null} />
        ))}
      </ul>
    </div>
  );
}

function DeviceRow({ device, waiting }: { device: Device; waiting: boolean }) {
  const fetcher = useFetcher({ key: REVOKE_FETCHER });
  const { signOut, pending: signingOut } = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => revokeRef.current?.focus());
  };
  const pending = fetcher.state !== 'idle' && fetcher.formData?.get('id') === device.id;
  const Icon = isPhone(device) ? SmartphoneIcon : MonitorIcon;
  const questionId = `revoke-${device.id}`;

  const action = device.current ? (
    <button
      type="button"
      onClick={() => void signOut()}
      disabled={signingOut}
      className={buttonClass('secondary', 'sm', 'self-start')}
    >
      {mn.account.logout}
    </button>
  ) : (
    <button
      ref={revokeRef}
      type="button"
      onClick={() => setConfirming(true)}
      className={buttonClass('secondary', 'sm', 'self-start hover:border-red-600 hover:text-red-700')}
    >
      {t.revoke}
    </button>
  );

  return (
    <li className="flex gap-4 p-4 sm:p-5" aria-label={device.name}>
      <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-surface text-muted sm:inline-flex">
        <Icon />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span className="break-words">{device.name}</span>
              {device.current ? (
                <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">
                  {t.thisDevice}
                </span>
              ) : null}
            </p>
            <p className="mt-1 text-sm text-muted">{t.lastSeen(formatDateTime(device.last_seen_at))}</p>
            <p className="text-sm text-muted">{t.signedInAt(formatDateTime(device.created_at))}</p>
          </div>
          {confirming ? null : action}
        </div>
        {confirming ? (
          <fetcher.Form
            method="post"
            role="group"
            aria-labelledby={questionId}
            className="mt-4 rounded-xl bg-red-50 p-4"
          >
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="id" value={device.id} />
            <input type="hidden" name="name" value={device.name} />
            <p id={questionId} className="text-sm text-red-900">
              {t.revokeQuestion(device.name)}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="submit" disabled={pending || waiting} autoFocus className={buttonClass('danger', 'sm')}>
                {t.revokeConfirm}
              </button>
              <button type="button" onClick={cancel} disabled={pending} className={buttonClass('secondary', 'sm')}>
                {t.cancel}
              </button>
            </div>
          </fetcher.Form>
        ) : null}
      </div>
    </li>
  );
}
