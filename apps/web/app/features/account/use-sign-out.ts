import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { toast } from '~/lib/toasts';

/**
 * The spec's logout: the API ends the session and clears its cookies, the browser forgets the
 * user data and any token, then goes to `/`. When the API cannot be reached the user stays
 * signed in and is told so (the cookie would still sign them in).
 */
export function useSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    // loaded on demand: the header of every page need not carry the API client
    const [{ browserApi }, { failureOf }] = await Promise.all([import('~/lib/browser-api'), import('~/lib/form')]);
    try {
      await browserApi().logout();
    } catch (error) {
      setPending(false);
      toast.error(failureOf(error).message);
      return;
    }
    useAuth.getState().clear();
    setPending(false);
    toast.success(mn.account.signedOut);
    void navigate('/');
  }

  return { signOut, pending };
}
