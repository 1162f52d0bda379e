import { Link } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import { deskSummariesQuery } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { SummaryFilters, SummaryTable, summariesHref, type SummaryFilter } from '~/features/admin/summary-desk';
import { PageHeader, Panel, adminButton } from '~/features/admin/ui';
import { fieldsOf } from '~/lib/form';
import { privatePageMeta } from '~/lib/meta';
import { ChevronRightIcon } from '~/ui/icons';
import type { Route } from './+types/admin-summaries';

const t = mn.admin.summaries;
const PAGE_SIZE = 50;

/** The filter from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const value = (key: keyof SummaryFilter | 'after') => params.get(key)?.trim() ?? '';
  const filter: SummaryFilter = { q: value('q'), status: value('status'), sort: value('sort') };
  const after = value('after');
  const query = deskSummariesQuery.safeParse({
    ...Object.fromEntries(Object.entries(filter).filter(([, text]) => text !== '')),
    ...(after ? { after } : {}),
    limit: String(PAGE_SIZE),
  });
  if (!query.success) return { filter, paged: after !== '', page: null, errors: fieldsOf(query.error) };
  const checked = query.data;
  return staffLoad(request, async (api) => {
    try {
      const page = (await api.call(catalogDeskEndpoints.summaries, { query: checked })).data;
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

/** `/admin/summaries` (editors): every summary, by the start of its name or its id, status and order. */
export default function AdminSummaries({ loaderData }: Route.ComponentProps) {
  const { filter, paged, page, errors } = loaderData;
  return (
    <>
      <PageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <Link to="/admin/summaries/new" className={adminButton('primary')}>
            {t.newSummary}
          </Link>
        }
      />
      <div className="space-y-5">
        <Panel>
          <SummaryFilters filter={filter} errors={errors} />
        </Panel>
        <Panel title={t.list} flush>
          {page ? (
            <SummaryTable rows={page.rows} />
          ) : (
            <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 sm:px-5">
              {mn.catalogDesk.filterInvalid}
            </p>
          )}
        </Panel>
        {paged || page?.next ? (
          <nav aria-label={mn.pagination.label} className="flex flex-wrap justify-between gap-2">
            {paged ? (
              <Link to={summariesHref(filter)} className={adminButton('secondary')}>
                {mn.admin.catalog.first}
              </Link>
            ) : (
              <span />
            )}
            {page?.next ? (
              <Link to={summariesHref(filter, page.next)} rel="next" className={adminButton('secondary')}>
                {mn.admin.catalog.next}
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
