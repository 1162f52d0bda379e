import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@nomsan/contracts/client';
import type { User } from '@nomsan/contracts/identity';
import type { WebLoadContext } from '@nomsan/contracts/web-context';
import { attempt, checkSessionCookie, requireSignedIn, requireVisitor } from './auth.server';

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

/** What a loader's helper made of a failed call: a status the page answers with, or the error itself. */
async function outcomeOf(promise: Promise<unknown>): Promise<{ status: number; location?: string | null } | unknown> {
  try {
    return await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') };
    // `data(null, { status })`, as React Router answers it
    if (typeof thrown === 'object' && thrown && 'init' in thrown)
      return { status: (thrown as { init: ResponseInit }).init.status };
    return thrown;
  }
}

describe("a personal page's main data", () => {
  it('sends a visitor to sign in, and back afterwards', async () => {
    const call = Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'Та нэвтэрч орно уу.'));
    expect(await outcomeOf(requireSignedIn(page('/invoice/abc?x=1'), call))).toEqual({
      status: 302,
      location: '/auth?prev=%2Finvoice%2Fabc%3Fx%3D1',
    });
  });

  it("answers 404 for what the API does not find for this member: another member's invoice, a malformed id", async () => {
    for (const error of [
      new ApiError(404, 'NOT_FOUND', 'Хүссэн мэдээлэл олдсонгүй.'),
      new ApiError(400, 'VALIDATION_ERROR', 'Оруулсан мэдээлэл буруу байна.'),
    ]) {
      expect(await outcomeOf(requireSignedIn(page('/invoice/abc'), Promise.reject(error)))).toEqual({ status: 404 });
    }
  });

  it('leaves a failure of ours a failure (the error page, logged)', async () => {
    const fault = new ApiError(500, 'INTERNAL', 'Системд алдаа гарлаа.');
    expect(await outcomeOf(requireSignedIn(page('/invoice/abc'), Promise.reject(fault)))).toBe(fault);
  });

  it("gives a form the API's refusal as its answer, not the page's 404", async () => {
    const result = await attempt(
      page('/settings/devices'),
      Promise.reject(new ApiError(404, 'NOT_FOUND', 'Олдсонгүй.')),
    );
    expect(result).toMatchObject({ ok: false, status: 404, code: 'NOT_FOUND' });
  });
});
