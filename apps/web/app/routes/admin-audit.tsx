import { mn } from '@nomsan/contracts/messages';
import { auditQuery } from '@nomsan/contracts/staff';
import { staffEndpoints } from '@nomsan/contracts/staff.endpoints';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { AuditFilters, AuditTable, auditHref, type AuditFilter } from '~/features/admin/audit-log';
import { KeysetNav } from '~/features/admin/desk-table';
import { PageHeader, Panel } from '~/features/admin/ui';
import { fieldsOf } from '~/lib/form';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-audit';

const t = mn.admin.audit;
const PAGE_SIZE = 50;

/**
 * The filter from the URL, checked with the API's own query schema: a wrong one says so under
 * its field and asks the API nothing; the staff list fills the person filter.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const value = (key: keyof AuditFilter | 'before') => params.get(key)?.trim() ?? '';
  const filter: AuditFilter = {
    staff_id: value('staff_id'),
    object_type: value('object_type'),
    object_id: value('object_id'),
  };
  const before = value('before');
  const query = auditQuery.safeParse({
    ...Object.fromEntries(Object.entries(filter).filter(([, text]) => text !== '')),
    ...(before ? { before } : {}),
    limit: String(PAGE_SIZE),
  });
  return staffLoad(request, async (api) => {
    const [people, page] = await Promise.all([
      api.call(staffEndpoints.list).then((answer) => answer.data.members),
      query.success ? api.call(staffEndpoints.audit, { query: query.data }).then((answer) => answer.data) : null,
    ]);
    return { filter, paged: before !== '', people, page, errors: query.success ? {} : fieldsOf(query.error) };
  });
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/audit` (owners): who did what and when, newest first, by person and object, page by page. */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filter, paged, people, page, errors } = loaderData;
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="space-y-5">
        <Panel>
          <AuditFilters filter={filter} people={people} errors={errors} />
        </Panel>
        <Panel title={t.entries} flush>
          {page ? (
            <AuditTable entries={page.entries} />
          ) : (
            <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 sm:px-5">
              {mn.staff.filterInvalid}
            </p>
          )}
        </Panel>
        <KeysetNav
          paged={paged}
          firstHref={auditHref(filter)}
          nextHref={page?.next_before ? auditHref(filter, page.next_before) : null}
          firstLabel={t.first}
          nextLabel={t.next}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
