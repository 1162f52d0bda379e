import { Link, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AuthCard, OrDivider, textLinkClass } from '~/features/auth/auth-card';
import { CodeRequestForm } from '~/features/auth/code-request-form';
import { MethodSwitch, methodFrom } from '~/features/auth/method-switch';
import { PasswordSignIn } from '~/features/auth/password-sign-in';
import { SocialButtons } from '~/features/auth/social-buttons';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom, withPrev } from '~/lib/return-path';
import type { Route } from './+types/auth';

const t = mn.authPages;

export const meta: Route.MetaFunction = () => privatePageMeta(t.signInTitle);

/** `/auth?prev=`: sign in with a password or a code sent by SMS, or with a provider. */
export default function SignInPage() {
  const [search] = useSearchParams();
  const prev = prevFrom(search);
  const method = methodFrom(search);
  return (
    <AuthCard
      title={t.signInTitle}
      lead={t.signInLead}
      footer={
        <>
          {t.noAccount}{' '}
          <Link to={withPrev('/auth/register', prev)} className={textLinkClass}>
            {t.register}
          </Link>
        </>
      }
    >
      <MethodSwitch method={method} prev={prev} />
      {method === 'code' ? (
        <CodeRequestForm purpose="login" accepts="phone-or-email" submitLabel={t.sendCode} prev={prev} />
      ) : (
        <PasswordSignIn prev={prev} />
      )}
      <OrDivider>{t.or}</OrDivider>
      <SocialButtons prev={prev} variant="sign-in" />
    </AuthCard>
  );
}
