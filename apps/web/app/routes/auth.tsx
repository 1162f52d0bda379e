import { Link, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AuthCard, OrDivider, textLinkClass } from '~/features/auth/auth-card';
import { CodeRequestForm } from '~/features/auth/code-request-form';
import { MethodSwitch, methodFrom } from '~/features/auth/method-switch';
import { PasswordSignIn } from '~/features/auth/password-sign-in';
import { SocialButtons } from '~/features/auth/social-buttons';
import { signInPageData } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom, withPrev } from '~/lib/return-path';
import { useRevalidateOnRestore } from '~/lib/use-revalidate-on-restore';
import type { Route } from './+types/auth';

const t = mn.authPages;

/** only the providers this store is configured for get a button; members go on to `prev` */
export const loader = ({ context, request }: Route.LoaderArgs) => signInPageData(context, request);

// The answer depends on the session cookie (a member is sent on), so no cache may keep the form:
// Back after signing in elsewhere would show it again from the browser's cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.signInTitle);

/** `/auth?prev=`: sign in with a password or a code sent by SMS, or with a provider. */
export default function SignInPage({ loaderData }: Route.ComponentProps) {
  useRevalidateOnRestore();
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
      {loaderData.providers.length > 0 ? (
        <>
          <OrDivider>{t.or}</OrDivider>
          <SocialButtons providers={loaderData.providers} prev={prev} variant="sign-in" />
        </>
      ) : null}
    </AuthCard>
  );
}
