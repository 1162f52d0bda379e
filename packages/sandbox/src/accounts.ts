import { createHash } from 'node:crypto';

/** People who can sign in at the sandbox issuers; any other e-mail typed in works too. */
export const testAccounts = [
  { email: 'bat@example.mn', name: 'Бат-Эрдэнэ' },
  { email: 'saraa@example.mn', name: 'Сараа' },
] as const;

export interface TestAccount {
  /** the provider's stable id for this person */
  subject: string;
  email: string;
  name: string;
}

/** The same e-mail always gives the same subject at the same provider. */
export function testAccount(provider: string, email: string, name?: string): TestAccount {
  const normalized = email.trim().toLowerCase();
  return {
    subject: `${provider}-${createHash('sha256').update(normalized).digest('hex').slice(0, 20)}`,
    email: normalized,
    name: name?.trim() || testAccounts.find((a) => a.email === normalized)?.name || normalized.split('@')[0] || 'Test',
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The sign-in page of a sandbox issuer: pick a test account or type an e-mail. A plain form
 * (no script), posted to `action` with `hidden` fields carried along.
 */
export function accountPickerPage(options: { title: string; action: string; hidden?: Record<string, string> }): string {
  const hidden = Object.entries(options.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const buttons = testAccounts
    .map(
      (a) =>
        `<form method="post" action="${escape(options.action)}">${hidden}<input type="hidden" name="email" value="${escape(a.email)}">` +
        `<button type="submit">${escape(a.name)} (${escape(a.email)})</button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(options.title)}</title>
<style>body{font:16px system-ui;margin:2rem;max-width:28rem}button{margin:.25rem 0;padding:.5rem 1rem}label,input{display:block;margin:.25rem 0}</style>
</head><body><h1>${escape(options.title)}</h1><p>Sandbox sign-in: choose a test account.</p>${buttons}
<form method="post" action="${escape(options.action)}">${hidden}<label for="email">E-mail</label><input id="email" name="email" type="email" required>
<label for="name">Name</label><input id="name" name="name"><button type="submit">Sign in</button></form></body></html>`;
}

/** `application/x-www-form-urlencoded` bodies as plain objects (the sandbox pages post forms). */
export function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}
