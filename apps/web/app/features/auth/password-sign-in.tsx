import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { failureOf, summaryOf, useFormFields } from '~/lib/form';
import { withPrev } from '~/lib/return-path';
import { FormMessage, PasswordField, SubmitButton, TextField } from '~/ui/form';
import { textLinkClass } from './auth-card';
import { contactAliases, contactCheck, loginValue } from './fields';
import { useFinishSignIn } from './flow';

const t = mn.authPages;

/** Sign in with a phone number or e-mail address and a password. */
export function PasswordSignIn({ prev }: { prev: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const finish = useFinishSignIn();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const form = useFormFields(
    {
      contact: contactCheck,
      password: (value) => (value === '' ? mn.auth.passwordRequired : undefined),
    },
    { contact: '', password: '' },
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    if (!form.validate(formRef.current)) return;
    setPending(true);
    try {
      const session = await browserApi().login({
        login: loginValue(form.values.contact),
        password: form.values.password,
      });
      finish(session.user, prev);
    } catch (error) {
      const failure = failureOf(error);
      setMessage(summaryOf(failure));
      form.showServerErrors(failure.fields, formRef.current, contactAliases);
      setPending(false);
    }
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="space-y-4">
      {message ? <FormMessage>{message}</FormMessage> : null}
      <TextField
        label={t.loginLabel}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('contact')}
      />
      <PasswordField label={t.passwordLabel} autoComplete="current-password" {...form.field('password')} />
      <div className="text-right text-sm">
        <Link to={withPrev('/auth/reset', prev)} className={textLinkClass}>
          {t.forgotPassword}
        </Link>
      </div>
      <SubmitButton pending={pending} needsScript>
        {t.signIn}
      </SubmitButton>
    </form>
  );
}
