import { deskPeopleQuery } from '@nomsan/contracts/people-desk';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { DeskListBody, loadDeskList } from '~/features/admin/desk-table';
import { NameFilters, PUBLISHER_LIST, PublisherTable } from '~/features/admin/people-desk';
import { PageHeader } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-publishers';

const t = mn.admin.publishers;

/** The search from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDeskList(
    request,
    PUBLISHER_LIST,
    deskPeopleQuery,
    async (api, query) => (await api.call(peopleDeskEndpoints.publishers, { query })).data,
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/publishers` (editors): the publishers by name, found by the start of it or an id. */
export default function AdminPublishers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <DeskListBody
        list={PUBLISHER_LIST}
        data={loaderData}
        label={t.list}
        filters={<NameFilters list={PUBLISHER_LIST} filter={loaderData.filter} errors={loaderData.errors} />}
        table={(rows) => <PublisherTable rows={rows} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
