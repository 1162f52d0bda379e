import { useRouteLoaderData } from 'react-router';
import { passwordChangeRequest } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { PasswordForm } from '~/features/account/password-form';
import { SettingsSection } from '~/features/account/settings-nav';
import { attempt, formText, invalid } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-password';
import type { Route as SettingsRoute } from './+types/settings';

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.password);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const current = formText(form, 'current_password');
  const parsed = passwordChangeRequest.safeParse({
    ...(current ? { current_password: current } : {}),
    password: formText(form, 'password'),
  });
  if (!parsed.success) return invalid(parsed.error);
  return attempt(request, context.api.changePassword(parsed.data));
}

/** `/settings/password`: change it (or set a first one); other devices are signed out. */
export default function PasswordSettings() {
  const settings = useRouteLoaderData<SettingsRoute.ComponentProps['loaderData']>('routes/settings');
  if (!settings) return null;
  const { user } = settings;
  return (
    <SettingsSection
      title={mn.settings.password}
      lead={user.has_password ? mn.settings.passwordLead : mn.settings.noPasswordLead}
    >
      <PasswordForm hasPassword={user.has_password} username={user.phone ?? user.email ?? ''} />
    </SettingsSection>
  );
}
