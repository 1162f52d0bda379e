import { deskPeopleQuery } from '@nomsan/contracts/people-desk';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { DeskListBody, loadDeskList } from '~/features/admin/desk-table';
import { NameFilters, PEOPLE_LIST, PeopleTable } from '~/features/admin/people-desk';
import { PageHeader } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-people';

const t = mn.admin.people;

/** The search from the URL, checked with the API's own query schema; pages follow by keyset (`after`). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadDeskList(
    request,
    PEOPLE_LIST,
    deskPeopleQuery,
    async (api, query) => (await api.call(peopleDeskEndpoints.people, { query })).data,
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/people` (editors): authors, narrators and translators by name, found by the start of it or an id. */
export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <DeskListBody
        list={PEOPLE_LIST}
        data={loaderData}
        label={t.list}
        filters={<NameFilters list={PEOPLE_LIST} filter={loaderData.filter} errors={loaderData.errors} />}
        table={(rows) => <PeopleTable rows={rows} />}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
