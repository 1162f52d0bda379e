import { oauthProvider } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { SettingsSection } from '~/features/account/settings-nav';
import { SocialAccountList } from '~/features/account/social-account-list';
import { attempt, formText, invalid, requireSignedIn } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-social-accounts';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { accounts: await requireSignedIn(request, context.api.socialAccounts()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = oauthProvider.safeParse(formText(await request.formData(), 'provider'));
  if (!parsed.success) return invalid(parsed.error);
  const provider = parsed.data;
  return attempt(
    request,
    context.api.unlinkSocialAccount(provider).then(() => ({ unlinked: provider })),
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.socialAccounts);

/** `/settings/social-accounts`: link or unlink Google, Facebook and Toki. */
export default function SocialAccountSettings({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title={mn.settings.socialAccounts} lead={mn.settings.socialLead}>
      <SocialAccountList accounts={loaderData.accounts} />
    </SettingsSection>
  );
}
