import { useRef } from 'react';
import { Form, useActionData, useNavigation } from 'react-router';
import { password } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { checkWith, summaryOf, useFormFields, useOnResult, type ActionResult } from '~/lib/form';
import { FormMessage, PasswordField, SubmitButton } from '~/ui/form';

const t = mn.settings;

/**
 * Change the password (or set a first one); the API signs every other device out and the page
 * says how many.
 */
export function PasswordForm({ hasPassword, username }: { hasPassword: boolean; username: string }) {
  const result = useActionData<ActionResult<{ signed_out_devices: number }>>();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const formRef = useRef<HTMLFormElement>(null);
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
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        if (!form.validate(formRef.current)) event.preventDefault();
      }}
      className="space-y-5 rounded-2xl border border-line p-5 sm:p-6"
    >
      {result?.ok && !pending ? (
        <FormMessage tone="success">{t.passwordChanged(result.signed_out_devices)}</FormMessage>
      ) : null}
      {result && !result.ok && !pending && summaryOf(result) ? <FormMessage>{summaryOf(result)}</FormMessage> : null}
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
      <SubmitButton pending={pending} className="sm:w-auto">
        {hasPassword ? t.changePassword : t.setPassword}
      </SubmitButton>
    </Form>
  );
}
