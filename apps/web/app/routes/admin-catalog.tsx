import { Link } from 'react-router';
import { deskBooksQuery } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { CATALOG_LIST, CatalogFilters, CatalogTable } from '~/features/admin/catalog-list';
import { DeskListBody, loadDeskList } from '~/features/admin/desk-table';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-catalog';

const t = mn.admin.catalog;

/** The filter from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDeskList(
    request,
    CATALOG_LIST,
    deskBooksQuery,
    async (api, query) => (await api.call(catalogDeskEndpoints.books, { query })).data,
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/catalog` (editors): every title, by the start of its name or its id, status, files and order. */
export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/catalog/import" className={adminButton('secondary')}>
              {mn.admin.catalogImport.open}
            </Link>
            <Link to="/admin/catalog/new" className={adminButton('primary')}>
              {t.newBook}
            </Link>
          </div>
        }
      />
      <DeskListBody
        list={CATALOG_LIST}
        data={loaderData}
        label={t.list}
        filters={<CatalogFilters filter={loaderData.filter} errors={loaderData.errors} />}
        table={(rows) => <CatalogTable rows={rows} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
