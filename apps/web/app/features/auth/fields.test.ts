import { describe, expect, it } from 'vitest';
import { mn } from '@nomsan/contracts/messages';
import { contactBody, contactCheck, loginValue } from './fields';

describe('the phone-or-e-mail field', () => {
  it('accepts Mongolian mobile numbers (8 digits, +976 allowed) and e-mail addresses', () => {
    for (const value of ['99112233', '+976 9911 2233', '976-9911-2233', 'bat@example.mn']) {
      expect(contactCheck(value), value).toBeUndefined();
    }
  });

  it('says in Mongolian what is wrong', () => {
    expect(contactCheck('')).toBe(mn.auth.loginRequired);
    expect(contactCheck('9911223')).toBe(mn.auth.phoneInvalid);
    expect(contactCheck('+1 555 0100 22')).toBe(mn.auth.phoneInvalid);
    expect(contactCheck('bat@')).toBe(mn.auth.emailInvalid);
    expect(contactCheck('бат')).toBe(mn.auth.emailInvalid);
  });

  it('sends the 8 digits of a number, or the e-mail in lower case', () => {
    expect(contactBody('+976 9911 2233')).toEqual({ phone: '99112233' });
    expect(contactBody(' Bat@Example.mn ')).toEqual({ email: 'bat@example.mn' });
    expect(loginValue('976 99112233')).toBe('99112233');
  });
});
