import { useRouteLoaderData } from 'react-router';
import {
  otpSendRequest,
  otpVerifyRequest,
  profileUpdateRequest,
  type OtpVerifyResult,
} from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { ContactDetails } from '~/features/account/contact-details';
import { EMAIL_INTENT } from '~/features/account/email-change';
import { ProfileForm } from '~/features/account/profile-form';
import { SettingsSection } from '~/features/account/settings-nav';
import { attempt, formText, invalid } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/settings-profile';
import type { Route as SettingsRoute } from './+types/settings';

export const meta: Route.MetaFunction = () => privatePageMeta(mn.settings.profile);

/**
 * The profile (name, avatar) and the e-mail address: a new address is added only with the code
 * sent to it (`verify_email`); removing it is a plain update.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (formText(form, 'intent')) {
    case EMAIL_INTENT.sendCode: {
      const parsed = otpSendRequest.safeParse({ purpose: 'verify_email', email: formText(form, 'email') });
      if (!parsed.success) return invalid(parsed.error);
      const email = parsed.data.email ?? '';
      return attempt(
        request,
        context.api.sendOtp(parsed.data).then((challenge) => ({ challenge, email })),
      );
    }
    case EMAIL_INTENT.verify: {
      const parsed = otpVerifyRequest.safeParse({
        challenge_id: formText(form, 'challenge_id'),
        purpose: 'verify_email',
        code: formText(form, 'code'),
      });
      if (!parsed.success) return invalid(parsed.error);
      return attempt(
        request,
        context.api.verifyOtp(parsed.data).then((result) => ({ user: updatedUser(result) })),
      );
    }
    case EMAIL_INTENT.remove:
      return attempt(
        request,
        context.api.updateProfile({ email: null }).then((user) => ({ user })),
      );
    default: {
      // The e-mail is not part of this form: an absent field leaves the address as it is.
      const parsed = profileUpdateRequest.safeParse({
        name: formText(form, 'name').trim(),
        cover_url: formText(form, 'cover_url').trim() || null,
      });
      if (!parsed.success) return invalid(parsed.error);
      return attempt(
        request,
        context.api.updateProfile(parsed.data).then((user) => ({ user })),
      );
    }
  }
}

/** A verify_email code answers the updated user; anything else breaks the API's contract. */
function updatedUser(result: OtpVerifyResult) {
  if (result.status !== 'updated') throw new Error(`verify_email answered ${result.status}`);
  return result.user;
}

/** `/settings`: the profile. */
export default function ProfileSettings() {
  const settings = useRouteLoaderData<SettingsRoute.ComponentProps['loaderData']>('routes/settings');
  if (!settings) return null;
  return (
    <SettingsSection title={mn.settings.profile} lead={mn.settings.profileLead}>
      <div className="space-y-5">
        <ContactDetails user={settings.user} />
        <ProfileForm user={settings.user} />
      </div>
    </SettingsSection>
  );
}
