import { describe, expect, it } from 'vitest';
import { prevFrom, signInHref, withPrev } from './return-path';

describe('the page to return to after signing in', () => {
  it('keeps a path of this site, with its query', () => {
    expect(prevFrom('?prev=%2Fminii-nutag')).toBe('/minii-nutag');
    expect(prevFrom('?prev=%2Fsearch%3Fq%3Dnom')).toBe('/search?q=nom');
  });

  it('spells the path as a Location header can carry it: Cyrillic and controls percent-encoded', () => {
    expect(prevFrom(new URLSearchParams({ prev: '/ном' }))).toBe('/%D0%BD%D0%BE%D0%BC');
    expect(prevFrom(new URLSearchParams({ prev: '/search?q=цагаан+сар' }))).toBe(
      '/search?q=%D1%86%D0%B0%D0%B3%D0%B0%D0%B0%D0%BD+%D1%81%D0%B0%D1%80',
    );
    expect(prevFrom(new URLSearchParams({ prev: '/a\u0001b😀' }))).toBe('/a%01b%F0%9F%98%80');
    expect(prevFrom(new URLSearchParams({ prev: '/x/../y' }))).toBe('/y');
    for (const prev of ['/ном', '/search?q=сар#хэсэг', '/a\u007fb']) {
      expect(() => new Headers({ location: prevFrom(new URLSearchParams({ prev })) })).not.toThrow();
    }
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
