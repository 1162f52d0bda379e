import { useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { LoginSuccess } from '~/features/auth/login-success';
import { privatePageMeta } from '~/lib/meta';
import { prevFrom } from '~/lib/return-path';
import type { Route } from './+types/login-success';

export const meta: Route.MetaFunction = () => privatePageMeta(mn.authPages.successTitle);

/** `/loginSuccess?prev=`: confirms the session, then goes on to `prev`. */
export default function LoginSuccessRoute() {
  const [search] = useSearchParams();
  return <LoginSuccess prev={prevFrom(search)} />;
}
