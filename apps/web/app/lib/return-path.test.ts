import { describe, expect, it } from 'vitest';
import { prevFrom, signInHref, withPrev } from './return-path';

describe('the page to return to after signing in', () => {
  it('keeps a path of this site, with its query', () => {
    expect(prevFrom('?prev=%2Fminii-nutag')).toBe('/minii-nutag');
    expect(prevFrom('?prev=%2Fsearch%3Fq%3Dnom')).toBe('/search?q=nom');
  });

  it('refuses other sites and odd values (no open redirect)', () => {
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(prevFrom(new URLSearchParams({ prev: value }))).toBe('/');
    }
    expect(prevFrom('')).toBe('/');
  });

  it('never returns to a sign-in page (that would loop)', () => {
    expect(prevFrom('?prev=%2Fauth%2Fcode')).toBe('/');
    expect(prevFrom('?prev=%2Flogin')).toBe('/');
    expect(prevFrom('?prev=%2Fauthors%2Fbat')).toBe('/authors/bat');
  });

  it('carries prev along, leaving out the home page', () => {
    expect(withPrev('/auth/register', '/audio')).toBe('/auth/register?prev=%2Faudio');
    expect(withPrev('/auth?method=code', '/audio')).toBe('/auth?method=code&prev=%2Faudio');
    expect(withPrev('/auth', '/')).toBe('/auth');
    expect(signInHref('/settings/devices')).toBe('/auth?prev=%2Fsettings%2Fdevices');
    expect(signInHref('/auth/reset')).toBe('/auth');
  });
});
