import { useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { phone } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { checkWith, useBrowserSubmit, useFormFields } from '~/lib/form';
import { withPrev } from '~/lib/return-path';
import { SubmitButton, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { contactAliases, contactBody, contactCheck } from './fields';
import { CODE_STEP_PATH, type CodeFlow, type CodePurpose } from './flow';
import { LoginField } from './login-field';

const t = mn.authPages;

/**
 * The first step of every code flow: a phone number (or, to reset a password, an e-mail address
 * too); the API sends a code and the code step opens.
 */
export function CodeRequestForm({
  purpose,
  accepts,
  submitLabel,
  prev,
}: {
  purpose: CodePurpose;
  accepts: 'phone' | 'phone-or-email';
  submitLabel: string;
  prev: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const byPhone = accepts === 'phone';
  const form = useFormFields({ contact: byPhone ? checkWith(phone) : contactCheck }, { contact: '' });
  const { pending, message, wait, endWait, submit } = useBrowserSubmit(form, formRef, contactAliases);

  const send = submit(async () => {
    const to = byPhone ? { phone: phone.parse(form.values.contact) } : contactBody(form.values.contact);
    const challenge = await browserApi().sendOtp({ purpose, ...to });
    const flow: CodeFlow = { purpose, challenge, to, from: `${pathname}${search}` };
    void navigate(withPrev(CODE_STEP_PATH, prev), { state: { flow } });
  });

  return (
    <form ref={formRef} method="post" noValidate onSubmit={send} className="space-y-4">
      <FormAlert message={message} wait={wait} onWaitEnd={endWait} />
      {byPhone ? (
        <TextField
          label={t.phoneLabel}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="9911 2233"
          hint={t.phoneHint}
          {...form.field('contact')}
        />
      ) : (
        <LoginField hint={t.contactHint} {...form.field('contact')} />
      )}
      <SubmitButton pending={pending} waiting={wait !== null} needsScript>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
