import { Link, useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AuthCard, textLinkClass } from '~/features/auth/auth-card';
import { CodeRequestForm } from '~/features/auth/code-request-form';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom, withPrev } from '~/lib/return-path';
import type { Route } from './+types/auth-reset';

const t = mn.authPages;

export const meta: Route.MetaFunction = () => privatePageMeta(t.resetTitle);

/** `/auth/reset`: phone number or e-mail, then the code step, then a new password. */
export default function ResetPage() {
  const [search] = useSearchParams();
  const prev = prevFrom(search);
  return (
    <AuthCard
      title={t.resetTitle}
      lead={t.resetLead}
      footer={
        <Link to={withPrev('/auth', prev)} className={textLinkClass}>
          {t.backToSignIn}
        </Link>
      }
    >
      <CodeRequestForm purpose="reset" accepts="phone-or-email" submitLabel={t.sendCode} prev={prev} />
    </AuthCard>
  );
}
