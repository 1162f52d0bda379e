import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CSRF_COOKIE } from '@nomsan/contracts/cookies';
import { mn } from '@nomsan/contracts/messages';
import { storedUser, useAuth } from '~/lib/auth-store';
import { toast } from '~/lib/toasts';

/**
 * Who is signed in, for the header and the bottom bar. Pages are rendered the same for everyone
 * (so they can be cached); after hydration the header shows the user kept in `user_data`, and
 * every navigation asks the API (`GET /api/user`). A 401 signs this browser out: that is how a
 * device revoked from another one learns it at its next navigation. Other failures (offline)
 * change nothing, as the spec wants for the current-user call.
 *
 * The session cookie is HttpOnly, but the API sets and clears the readable CSRF cookie with it:
 * without that cookie there is no session to ask about, and visitors make no request at all.
 */
export function useSessionSync(): void {
  const { key } = useLocation();

  useEffect(() => {
    const kept = storedUser();
    if (kept) useAuth.getState().setUser(kept);
  }, []);

  useEffect(() => {
    if (!hasSessionCookie()) {
      if (useAuth.getState().loggedIn) useAuth.getState().clear();
      return;
    }
    const startedAt = useAuth.getState().version;
    let current = true;
    // The API client (and its schemas) load only for a browser that has a session, after the
    // page is up: visitors never download them, and nobody waits for them to see the page.
    void import('~/lib/browser-api')
      .then(({ browserApi }) => browserApi().currentUser({ likes: false }))
      .then((user) => {
        if (current && useAuth.getState().version === startedAt) useAuth.getState().setUser(user);
      })
      .catch((error: unknown) => {
        if (!current || useAuth.getState().version !== startedAt) return;
        if (!isUnauthorized(error)) return;
        const wasSignedIn = useAuth.getState().loggedIn;
        useAuth.getState().clear();
        if (wasSignedIn) toast.info(mn.account.sessionEnded);
      });
    return () => {
      current = false;
    };
  }, [key]);
}

/** an ApiError with status 401 (checked by shape: the client module is loaded lazily) */
function isUnauthorized(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 401;
}

function hasSessionCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${CSRF_COOKIE}=`));
}
