import { email, phone } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { schemaError, type Check } from '~/lib/form';

const looksLikeEmail = (value: string) => /[@a-zа-яөү]/i.test(value);

/** A phone number or an e-mail address, told apart by what was typed. */
export const contactCheck: Check = (value) => {
  if (value.trim() === '') return mn.auth.loginRequired;
  return looksLikeEmail(value) ? schemaError(email, value) : schemaError(phone, value);
};

/** The API body for a checked contact: `{ phone }` (8 digits) or `{ email }`. */
export function contactBody(value: string): { phone: string } | { email: string } {
  return looksLikeEmail(value) ? { email: email.parse(value) } : { phone: phone.parse(value) };
}

/** What the password sign-in sends as `login`: the number's 8 digits, or the e-mail address. */
export function loginValue(value: string): string {
  const body = contactBody(value);
  return 'phone' in body ? body.phone : body.email;
}

/** Body fields that belong to the single contact input. */
export const contactAliases = { phone: 'contact', email: 'contact', login: 'contact' } as const;
