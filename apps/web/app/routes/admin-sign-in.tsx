import { useSearchParams } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { backOfficePath } from '~/features/admin/access';
import { AdminFrame } from '~/features/admin/admin-shell';
import { StaffSignIn } from '~/features/admin/sign-in';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-sign-in';

export const meta: Route.MetaFunction = () => privatePageMeta(mn.admin.signIn.title);

// the form is the same for everyone, but Back after signing in must not show it from a cache
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** `/admin/sign-in?prev=`: a password, then a code from the authenticator app (or a recovery code). */
export default function AdminSignInPage() {
  const [search] = useSearchParams();
  return (
    <AdminFrame>
      <StaffSignIn prev={backOfficePath(search.get('prev'))} />
    </AdminFrame>
  );
}
