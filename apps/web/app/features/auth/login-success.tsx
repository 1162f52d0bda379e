import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { browserApi } from '~/lib/browser-api';
import { withPrev } from '~/lib/return-path';
import { buttonClass } from '~/ui/buttons';
import { AuthCard } from './auth-card';

const t = mn.authPages;

/**
 * `/loginSuccess`: a sign-in finished elsewhere (an app's web view, a provider) lands here; the
 * page confirms the session, remembers the user and goes on to `prev`.
 */
export function LoginSuccess({ prev }: { prev: string }) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    browserApi()
      .currentUser({ likes: false })
      .then((user) => {
        if (!active) return;
        useAuth.getState().setUser(user);
        void navigate(prev, { replace: true });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [navigate, prev]);

  if (failed) {
    return (
      <AuthCard title={t.callbackFailed} lead={t.notSignedIn}>
        <Link to={withPrev('/auth', prev)} className={buttonClass('primary', 'lg', 'w-full')}>
          {t.backToSignIn}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t.successTitle} lead={t.successLead}>
      <Link to={prev} className={buttonClass('primary', 'lg', 'w-full')}>
        {t.continue}
      </Link>
    </AuthCard>
  );
}
