import { data } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-not-found';

/** A back-office path no page claims: not found, inside the layout (after the session check). */
export function clientLoader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.admin.errors.notFoundTitle);

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
