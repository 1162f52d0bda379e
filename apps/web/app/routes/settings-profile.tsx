import { useRouteLoaderData } from 'react-router';
import { profileUpdateRequest } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { ProfileForm } from '~/features/account/profile-form';
import { SettingsSection } from '~/features/account/settings-nav';
import { attempt, formText, invalid } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-profile';
import type { Route as SettingsRoute } from './+types/settings';

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.profile);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = profileUpdateRequest.safeParse({
    name: formText(form, 'name').trim(),
    email: formText(form, 'email').trim() || null,
    cover_url: formText(form, 'cover_url').trim() || null,
  });
  if (!parsed.success) return invalid(parsed.error);
  return attempt(
    request,
    context.api.updateProfile(parsed.data).then((user) => ({ user })),
  );
}

/** `/settings`: the profile. */
export default function ProfileSettings() {
  const settings = useRouteLoaderData<SettingsRoute.ComponentProps['loaderData']>('routes/settings');
  if (!settings) return null;
  return (
    <SettingsSection title={mn.settings.profile} lead={mn.settings.profileLead}>
      <ProfileForm user={settings.user} />
    </SettingsSection>
  );
}
