import { useRef } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { useBrowserSubmit, useFormFields } from '~/lib/form';
import { withPrev } from '~/lib/return-path';
import { PasswordField, SubmitButton } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { textLinkClass } from './auth-card';
import { contactAliases, contactCheck, loginValue } from './fields';
import { useFinishSignIn } from './flow';
import { LoginField } from './login-field';

const t = mn.authPages;

/** Sign in with a phone number or e-mail address and a password. */
export function PasswordSignIn({ prev }: { prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const form = useFormFields(
    {
      contact: contactCheck,
      password: (value) => (value === '' ? mn.auth.passwordRequired : undefined),
    },
    { contact: '', password: '' },
  );
  const { pending, message, wait, endWait, submit } = useBrowserSubmit(form, formRef, contactAliases);

  const send = submit(async () => {
    const session = await browserApi().login({
      login: loginValue(form.values.contact),
      password: form.values.password,
    });
    finish(session.user, prev);
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={send} className="space-y-4">
      <FormAlert message={message} wait={wait} onWaitEnd={endWait} />
      <LoginField {...form.field('contact')} />
      <PasswordField label={t.passwordLabel} autoComplete="current-password" {...form.field('password')} />
      <div className="text-right text-sm">
        <Link to={withPrev('/auth/reset', prev)} className={textLinkClass}>
          {t.forgotPassword}
        </Link>
      </div>
      <SubmitButton pending={pending} waiting={wait !== null} needsScript>
        {t.signIn}
      </SubmitButton>
    </form>
  );
}
