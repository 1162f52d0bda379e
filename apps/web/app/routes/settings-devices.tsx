import { mn } from '@nomsan/contracts/messages';
import { DeviceList } from '~/features/account/device-list';
import { SettingsSection } from '~/features/account/settings-nav';
import { attempt, formText, requireSignedIn } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-devices';

export async function loader({ context, request }: Route.LoaderArgs) {
  const devices = await requireSignedIn(request, context.api.devices());
  // This device first, then the most recently active.
  devices.sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at));
  return { devices };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const name = formText(form, 'name') || mn.auth.unknownDevice;
  return attempt(
    request,
    context.api.revokeDevice(formText(form, 'id')).then(() => ({ revoked: name })),
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.devices);

/** `/settings/devices`: where this account is signed in; sign any other device out. */
export default function DeviceSettings({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title={mn.settings.devices} lead={mn.settings.devicesLead}>
      <DeviceList devices={loaderData.devices} />
    </SettingsSection>
  );
}
