import { Link } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { deskBooksQuery } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { CatalogFilters, CatalogTable, catalogHref, type CatalogFilter } from '~/features/admin/catalog-list';
import { PageHeader, Panel, adminButton } from '~/features/admin/ui';
import { fieldsOf } from '~/lib/form';
import { privatePageMeta } from '~/lib/meta';
import { ChevronRightIcon } from '~/ui/icons';
import type { Route } from './+types/admin-catalog';

const t = mn.admin.catalog;
const PAGE_SIZE = 50;

/**
 * The filter from the URL, checked with the API's own query schema: a wrong one says so under
 * its field and asks the API nothing. Pages follow by keyset (`after`, the page before's `next`).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const value = (key: keyof CatalogFilter | 'after') => params.get(key)?.trim() ?? '';
  const filter: CatalogFilter = {
    q: value('q'),
    status: value('status'),
    format: value('format'),
    sort: value('sort'),
  };
  const after = value('after');
  const query = deskBooksQuery.safeParse({
    ...Object.fromEntries(Object.entries(filter).filter(([, text]) => text !== '')),
    ...(after ? { after } : {}),
    limit: String(PAGE_SIZE),
  });
  if (!query.success) return { filter, paged: after !== '', page: null, errors: fieldsOf(query.error) };
  const checked = query.data;
  return staffLoad(request, async (api) => {
    try {
      const page = (await api.call(catalogDeskEndpoints.books, { query: checked })).data;
      return { filter, paged: after !== '', page, errors: {} };
    } catch (error) {
      // a keyset cursor nobody made (a URL typed by hand): the filter is wrong, not the page
      if (isApiError(error) && error.status === 400)
        return { filter, paged: true, page: null, errors: { ...error.fields } };
      throw error;
    }
  });
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/catalog` (editors): every title, by the start of its name or its id, status, files and order. */
export default function AdminCatalog({ loaderData }: Route.ComponentProps) {
  const { filter, paged, page, errors } = loaderData;
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
      <div className="space-y-5">
        <Panel>
          <CatalogFilters filter={filter} errors={errors} />
        </Panel>
        <Panel title={t.list} flush>
          {page ? (
            <CatalogTable rows={page.rows} />
          ) : (
            <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 sm:px-5">
              {mn.catalogDesk.filterInvalid}
            </p>
          )}
        </Panel>
        {paged || page?.next ? (
          <nav aria-label={mn.pagination.label} className="flex flex-wrap justify-between gap-2">
            {paged ? (
              <Link to={catalogHref(filter)} className={adminButton('secondary')}>
                {t.first}
              </Link>
            ) : (
              <span />
            )}
            {page?.next ? (
              <Link to={catalogHref(filter, page.next)} rel="next" className={adminButton('secondary')}>
                {t.next}
                <ChevronRightIcon width={16} height={16} />
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
