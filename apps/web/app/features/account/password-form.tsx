import { useActionData } from 'react-router';
import { password } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { checkWith, useFormFields, useOnResult, type ActionResult } from '~/lib/form';
import { PasswordField } from '~/ui/form';
import { SettingsForm } from './settings-form';

const t = mn.settings;

/**
 * Change the password (or set a first one); the API signs every other device out and the page
 * says how many.
 */
export function PasswordForm({ hasPassword, username }: { hasPassword: boolean; username: string }) {
  const result = useActionData<ActionResult<{ signed_out_devices: number }>>();
  const empty = { current_password: '', password: '' };
  const form = useFormFields(
    {
      current_password: (value) => (hasPassword && value === '' ? mn.auth.passwordRequired : undefined),
      password: checkWith(password),
    },
    empty,
    result && !result.ok ? result.fields : undefined,
  );
  useOnResult(result, (answer) => {
    if (answer.ok) form.reset(empty);
  });

  return (
    <SettingsForm
      form={form}
      result={result}
      success={(answer) => t.passwordChanged(answer.signed_out_devices)}
      submitLabel={hasPassword ? t.changePassword : t.setPassword}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
      {hasPassword ? (
        <PasswordField label={t.currentPassword} autoComplete="current-password" {...form.field('current_password')} />
      ) : null}
      <PasswordField
        label={t.newPassword}
        autoComplete="new-password"
        hint={mn.authPages.passwordHint}
        {...form.field('password')}
      />
    </SettingsForm>
  );
}
