import { Outlet } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { AdminError } from '~/features/admin/admin-error';
import { AdminFrame, AdminLoading, AdminShell } from '~/features/admin/admin-shell';
import { staffLoad } from '~/features/admin/admin-api';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin';

/**
 * Every back-office page after sign-in: who is signed in, read in the browser (the staff cookie
 * is HttpOnly and SameSite=Strict; see features/admin/admin-api.ts). No staff session: the
 * sign-in page, which comes back here.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { me: await staffLoad(request, (api) => api.call(staffEndpoints.me).then((answer) => answer.data)) };
}

// Asked again at every navigation: roles changed or a session ended take effect at once.
export const shouldRevalidate = () => true;

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(mn.admin.title);

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell me={loaderData.me}>
      <Outlet context={loaderData.me} />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminFrame wide card={false}>
      <AdminError error={error} />
    </AdminFrame>
  );
}
