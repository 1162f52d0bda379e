import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { OAuthProvider } from '@nomsan/contracts/identity';
import { mn } from '@nomsan/contracts/messages';
import { browserApi } from '~/lib/browser-api';
import { failureOf } from '~/lib/form';
import { takeIntent } from '~/lib/oauth-intent';
import { toast } from '~/lib/toasts';
import { buttonClass } from '~/ui/buttons';
import { Spinner } from '~/ui/form';
import { PROVIDER_NAMES } from '~/ui/provider-icons';
import { AuthCard } from './auth-card';
import { useFinishSignIn } from './flow';

const t = mn.authPages;
const SOCIAL_SETTINGS = '/settings/social-accounts';

type Outcome = { state: 'working' } | { state: 'failed'; intent: 'login' | 'link'; message: string };

/**
 * Where a provider sends the browser back (`?code=&state=`, `iss=` from Google): the page hands
 * them to the API, which checks them against the cookie the start left, then goes on to `prev`
 * signed in, or back to the social-accounts settings when an account was being linked.
 */
export function OAuthCallback({ provider }: { provider: OAuthProvider }) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // One attempt per page: the API accepts a code once.
    if (started.current) return;
    started.current = true;
    const intent = takeIntent(provider);
    const fail = (message: string) => setOutcome({ state: 'failed', intent, message });
    const code = search.get('code');
    const state = search.get('state');
    if (!code || !state) {
      fail(mn.auth.oauthFailed);
      return;
    }
    const body = { provider, code, state, ...(search.get('iss') ? { iss: search.get('iss') ?? '' } : {}) };
    if (intent === 'link') {
      browserApi()
        .linkSocialAccount(body)
        .then(() => {
          toast.success(t.linked(PROVIDER_NAMES[provider]));
          void navigate(SOCIAL_SETTINGS, { replace: true });
        })
        .catch((error: unknown) => fail(failureOf(error).message));
    } else {
      browserApi()
        .oauthLogin(body)
        .then((result) => finish(result.user, result.prev))
        .catch((error: unknown) => fail(failureOf(error).message));
    }
  }, [provider, search, navigate, finish]);

  if (outcome.state === 'working') {
    return (
      <AuthCard title={t.callbackWorking}>
        <p role="status" className="flex items-center gap-3 text-muted">
          <Spinner />
          {PROVIDER_NAMES[provider]}
        </p>
      </AuthCard>
    );
  }
  const link = outcome.intent === 'link';
  return (
    <AuthCard title={link ? t.linkFailed : t.callbackFailed}>
      <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
        {outcome.message}
      </p>
      <Link to={link ? SOCIAL_SETTINGS : '/auth'} className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
        {link ? t.backToSocialAccounts : t.backToSignIn}
      </Link>
    </AuthCard>
  );
}
