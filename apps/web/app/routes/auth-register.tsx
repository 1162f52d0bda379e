import { Link, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AuthCard, OrDivider, textLinkClass } from '~/features/auth/auth-card';
import { CodeRequestForm } from '~/features/auth/code-request-form';
import { SocialButtons } from '~/features/auth/social-buttons';
import { signInPageData } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom, withPrev } from '~/lib/return-path';
import { useRevalidateOnRestore } from '~/lib/use-revalidate-on-restore';
import type { Route } from './+types/auth-register';

const t = mn.authPages;

/** only the providers this store is configured for get a button; members go on to `prev` */
export const loader = ({ context, request }: Route.LoaderArgs) => signInPageData(context, request);

// The answer depends on the session cookie (a member is sent on), so no cache may keep the form:
// Back after signing in elsewhere would show it again from the browser's cache.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.registerTitle);

/** `/auth/register`: phone number, then the code step, then a name and an optional password. */
export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  useRevalidateOnRestore();
  const [search] = useSearchParams();
  const prev = prevFrom(search);
  return (
    <AuthCard
      title={t.registerTitle}
      lead={t.registerLead}
      footer={
        <>
          {t.haveAccount}{' '}
          <Link to={withPrev('/auth', prev)} className={textLinkClass}>
            {t.signIn}
          </Link>
        </>
      }
    >
      <CodeRequestForm purpose="register" accepts="phone" submitLabel={t.sendCode} prev={prev} />
      {loaderData.providers.length > 0 ? (
        <>
          <OrDivider>{t.or}</OrDivider>
          <SocialButtons providers={loaderData.providers} prev={prev} variant="register" />
        </>
      ) : null}
    </AuthCard>
  );
}
