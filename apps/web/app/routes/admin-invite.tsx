import { Link } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { adminApi } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { AdminFrame, AdminLoading } from '~/features/admin/admin-shell';
import { Invitation } from '~/features/admin/invitation';
import { adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-invite';

const t = mn.admin.invite;

/**
 * The invitation, read in the browser: it carries the authenticator's secret, which no HTML the
 * server renders (and its page cache might keep) should hold. A spent, withdrawn, expired or
 * mistyped link (404, or 400 for a token of the wrong shape) says so; no session is needed.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  try {
    const { data } = await adminApi().call(staffEndpoints.openInvite, { params: { token: params.token } });
    return { invite: data };
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) return { invite: null };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
});

export function HydrateFallback() {
  return <AdminLoading />;
}

/** `/admin/invite/:token`: who is invited and as what; the authenticator, a password, the first code. */
export default function AdminInvitePage({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.invite) {
    return (
      <AdminFrame>
        <h1 className="text-xl font-bold tracking-tight">{t.invalidTitle}</h1>
        <p className="mt-2 text-sm text-muted">{t.invalid}</p>
        <Link to="/admin/sign-in" className={adminButton('primary', 'md', 'mt-5 w-full')}>
          {t.toSignIn}
        </Link>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame wide>
      <Invitation token={params.token} invite={loaderData.invite} />
    </AdminFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame wide card={false}>
      <AdminError error={error} />
    </AdminFrame>
  );
}
