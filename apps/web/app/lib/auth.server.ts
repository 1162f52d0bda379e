import { redirect } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '@nomsan/contracts/client';
import { SESSION_COOKIE } from '@nomsan/contracts/cookies';
import { mn } from '@nomsan/contracts/messages';
import type { WebLoadContext } from '@nomsan/contracts/web-context';
import { failureOf, fieldsOf, type ActionResult } from './form';
import { required } from './loaders.server';
import { prevFrom, signInHref } from './return-path';

/** The page's own path and query, as the browser asked for it (a client navigation's `.data`). */
export function requestPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname.replace(/\.data$/, '').replace(/\/_root$/, '') || '/'}${url.search}`;
}

/** A visitor, or a device signed out elsewhere (401), goes to sign in and comes back afterwards. */
function signInWhenUnauthorized(request: Request, error: unknown): void {
  if (isApiError(error) && error.status === 401) throw redirect(signInHref(requestPath(request)));
}

/**
 * A personal page's data: a visitor, or a device signed out elsewhere (401), goes to sign in
 * and comes back here afterwards. What the API does not find for this member (another member's
 * invoice answers 404, as a missing one does; a malformed id 400) is the page's 404, as for any
 * page's main entity (`required`).
 */
export async function requireSignedIn<T>(request: Request, promise: Promise<T>): Promise<T> {
  try {
    return await required(promise);
  } catch (error) {
    signInWhenUnauthorized(request, error);
    throw error;
  }
}

/** The signed-in user, or a redirect to sign in. */
export function requireUser(context: WebLoadContext, request: Request) {
  return requireSignedIn(request, context.api.currentUser({ likes: false }));
}

/** Whether the browser sent a session cookie (without one there is nobody to ask the API about). */
export function checkSessionCookie(request: Request): boolean {
  const cookies = request.headers.get('cookie') ?? '';
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * For the pages that sign in or sign up: a signed-in member has nothing to do there and goes on
 * to where the page would have returned (`prev`, else home). Visitors cost no API call; a
 * session that ended, or an API that cannot answer now, leaves the page to be shown.
 */
export async function requireVisitor(context: WebLoadContext, request: Request): Promise<void> {
  if (!checkSessionCookie(request)) return;
  const signedIn = await context.api.currentUser({ likes: false }).then(
    () => true,
    () => false,
  );
  if (signedIn) throw redirect(prevFrom(new URL(request.url).search));
}

/** The loader of `/auth` and `/auth/register`: the providers this store offers, for visitors. */
export async function signInPageData(context: WebLoadContext, request: Request) {
  const [, providers] = await Promise.all([
    requireVisitor(context, request),
    context.api.oauthProviders().catch(() => []),
  ]);
  return { providers };
}

/**
 * A route action's call to the API: its answer, or the failure as data for the form (field
 * messages included); a session that ended meanwhile goes to sign in.
 */
export async function attempt<T extends object>(request: Request, call: Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, ...(await call) };
  } catch (error) {
    signInWhenUnauthorized(request, error);
    if (isApiError(error)) return { ok: false, ...failureOf(error) };
    throw error;
  }
}

/** A form the API would refuse: answered as a failed action, with the schema's field messages. */
export function invalid(error: z.ZodError): ActionResult<never> {
  return {
    ok: false,
    status: 400,
    code: 'VALIDATION_ERROR',
    message: mn.errors.VALIDATION_ERROR,
    fields: fieldsOf(error),
  };
}

/** A form field as text ('' when absent). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}
