import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@nomsan/contracts/client';
import type { User } from '@nomsan/contracts/identity';
import type { WebLoadContext } from '@nomsan/contracts/web-context';
import { checkSessionCookie, requireVisitor } from './auth.server';

const member: User = {
  id: 7,
  name: 'Бат',
  email: null,
  phone: '99112233',
  cover_url: null,
  email_verified: false,
  phone_verified: true,
  has_password: true,
  created_at: '2026-01-01T00:00:00.000Z',
};

function contextWith(currentUser: () => Promise<User>) {
  const spy = vi.fn(currentUser);
  return { context: { api: { currentUser: spy } } as unknown as WebLoadContext, currentUser: spy };
}

const page = (path: string, cookie?: string) =>
  new Request(`http://nomsan.test${path}`, cookie ? { headers: { cookie } } : {});

/** The redirect `requireVisitor` threw, or null when it let the page render. */
async function redirectOf(promise: Promise<void>): Promise<{ status: number; location: string | null } | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get('location') };
  }
}

describe('the sign-in pages for someone already signed in', () => {
  it('sends a member on to the page they came from', async () => {
    const { context } = contextWith(async () => member);
    const request = page('/auth?prev=%2Faudio', 'nomsan_csrf=x; nomsan_session=abc');
    expect(await redirectOf(requireVisitor(context, request))).toEqual({ status: 302, location: '/audio' });
  });

  it('sends a member home when the page was given no return path, or an unusable one', async () => {
    const { context } = contextWith(async () => member);
    for (const path of ['/auth/register', '/auth?prev=https%3A%2F%2Fevil.example', '/auth?prev=%2Fauth%2Fcode']) {
      expect(await redirectOf(requireVisitor(context, page(path, 'nomsan_session=abc'))), path).toEqual({
        status: 302,
        location: '/',
      });
    }
  });

  it('shows the page to a visitor without asking the API', async () => {
    const { context, currentUser } = contextWith(async () => member);
    expect(await redirectOf(requireVisitor(context, page('/auth?prev=%2Faudio')))).toBeNull();
    expect(await redirectOf(requireVisitor(context, page('/auth', 'nomsan_sessionx=1; other=2')))).toBeNull();
    expect(currentUser).not.toHaveBeenCalled();
  });

  it('shows the page when the session has ended or the API cannot say', async () => {
    for (const error of [
      new ApiError(401, 'UNAUTHORIZED', 'Та нэвтэрч орно уу.'),
      new ApiError(503, 'UNAVAILABLE', 'Үйлчилгээ түр ажиллахгүй байна.'),
      new TypeError('fetch failed'),
    ]) {
      const { context } = contextWith(() => Promise.reject(error));
      expect(await redirectOf(requireVisitor(context, page('/auth', 'nomsan_session=old')))).toBeNull();
    }
  });

  it('finds the session cookie among the others', () => {
    expect(checkSessionCookie(page('/', 'a=1; nomsan_session=abc; b=2'))).toBe(true);
    expect(checkSessionCookie(page('/', 'nomsan_csrf=1'))).toBe(false);
    expect(checkSessionCookie(page('/'))).toBe(false);
  });
});
