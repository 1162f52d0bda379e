import { useNavigate } from 'react-router';
import type { OtpChallenge, User } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { displayName, useAuth } from '~/lib/auth-store';
import { toast } from '~/lib/toasts';

export type CodePurpose = 'login' | 'register' | 'reset';

/** What the code step needs, carried in the history entry (a reload keeps it, a new tab not). */
export interface CodeFlow {
  purpose: CodePurpose;
  challenge: OtpChallenge;
  to: { phone: string } | { email: string };
  /** the page that asked for the code, to correct the number there */
  from: string;
}

export const CODE_STEP_PATH = '/auth/code';

/** The flow in a history entry's state, if it is one. */
export function flowFrom(state: unknown): CodeFlow | null {
  const flow = (state as { flow?: Partial<CodeFlow> } | null)?.flow;
  if (!flow || !flow.challenge || !flow.to || typeof flow.from !== 'string') return null;
  if (flow.purpose !== 'login' && flow.purpose !== 'register' && flow.purpose !== 'reset') return null;
  return flow as CodeFlow;
}

/** Signed in: remember the user (header, user_data), greet, and go back where the user was. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return (user: User, prev: string, message?: string) => {
    useAuth.getState().setUser(user);
    toast.success(message ?? mn.authPages.welcome(displayName(user)));
    void navigate(prev, { replace: true });
  };
}
