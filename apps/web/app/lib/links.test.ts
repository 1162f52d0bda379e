import { describe, expect, it } from 'vitest';
import { siteLink } from './links';

describe('siteLink', () => {
  const base = 'https://nomsan.mn';

  it('treats a URL containing the base URL as internal, by its path', () => {
    expect(siteLink('https://nomsan.mn/subscription/discount-auto-renew?x=1', base)).toEqual({
      internal: true,
      to: '/subscription/discount-auto-renew?x=1',
    });
    expect(siteLink('https://nomsan.mn', `${base}/`)).toEqual({ internal: true, to: '/' });
  });

  it('treats other sites as external, and a plain path as internal', () => {
    expect(siteLink('https://nomsan.mn.evil.example/x', base)).toEqual({
      internal: false,
      href: 'https://nomsan.mn.evil.example/x',
    });
    expect(siteLink('https://example.com/x', base)).toEqual({ internal: false, href: 'https://example.com/x' });
    expect(siteLink('/plus', base)).toEqual({ internal: true, to: '/plus' });
    expect(siteLink('//example.com/x', undefined)).toEqual({ internal: false, href: '//example.com/x' });
  });
});
