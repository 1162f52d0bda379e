import { Link } from 'react-router';
import { deskSummariesQuery } from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { DeskListBody, loadDeskList } from '~/features/admin/desk-table';
import { SUMMARY_LIST, SummaryFilters, SummaryTable } from '~/features/admin/summary-desk';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-summaries';

const t = mn.admin.summaries;

/** The filter from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDeskList(
    request,
    SUMMARY_LIST,
    deskSummariesQuery,
    async (api, query) => (await api.call(catalogDeskEndpoints.summaries, { query })).data,
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/summaries` (editors): every summary, by the start of its name or its id, status and order. */
export default function AdminSummaries({ loaderData }: Route.ComponentProps) {
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
      <DeskListBody
        list={SUMMARY_LIST}
        data={loaderData}
        label={t.list}
        filters={<SummaryFilters filter={loaderData.filter} errors={loaderData.errors} />}
        table={(rows) => <SummaryTable rows={rows} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
