import { Link } from 'react-router';
import { deskBundlesQuery } from '@nomsan/contracts/bundle-desk';
import { bundleDeskEndpoints } from '@nomsan/contracts/bundle-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { BUNDLE_LIST, BundleFilters, BundleTable } from '~/features/admin/bundle-desk';
import { DeskListBody, loadDeskList } from '~/features/admin/desk-table';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-bundles';

const t = mn.admin.bundles;

/** The filter from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDeskList(
    request,
    BUNDLE_LIST,
    deskBundlesQuery,
    async (api, query) => (await api.call(bundleDeskEndpoints.bundles, { query })).data,
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/bundles` (editors): every bundle, by the start of its name or its id, kind, sale and order. */
export default function AdminBundles({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <Link to="/admin/bundles/new" className={adminButton('primary')}>
            {t.newBundle}
          </Link>
        }
      />
      <DeskListBody
        list={BUNDLE_LIST}
        data={loaderData}
        label={t.list}
        filters={<BundleFilters filter={loaderData.filter} errors={loaderData.errors} />}
        table={(rows) => <BundleTable rows={rows} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
