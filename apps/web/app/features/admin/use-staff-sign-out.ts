import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { failureOf } from '~/lib/form';
import { toast } from '~/lib/toasts';
import { isSessionLost } from './access';
import { adminApi } from './admin-api';

/**
 * Ends this browser's staff session (the API clears its cookie), then the sign-in page. A
 * session that had already ended (401) is signed out all the same; any other failure keeps the
 * person here and says so, since the cookie would still open the back office.
 */
export function useStaffSignOut() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    try {
      await adminApi().call(staffEndpoints.signOut);
    } catch (error) {
      const failure = failureOf(error);
      if (!isSessionLost(failure)) {
        setPending(false);
        toast.error(failure.message);
        return;
      }
    }
    toast.success(mn.admin.signedOut);
    void navigate('/admin/sign-in', { replace: true });
  }

  return { signOut, pending };
}
