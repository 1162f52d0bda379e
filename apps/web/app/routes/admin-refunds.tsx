import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { refundsQuery } from '@nomsan/contracts/money';
import { billingEndpoints } from '@nomsan/contracts/money.endpoints';
import { mayUse } from '~/features/admin/access';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { useStaffMe } from '~/features/admin/admin-shell';
import { RefundFilters, RefundForm, RefundList, type RefundFilter } from '~/features/admin/refunds';
import { PageHeader, Panel } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-refunds';

const t = mn.admin.refunds;

/** The filter from the URL, checked with the API's query schema (a wrong status asks nothing). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter: RefundFilter = { status: params.get('status') ?? '', invoice: params.get('invoice')?.trim() ?? '' };
  const query = refundsQuery.safeParse({
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.invoice ? { invoice: filter.invoice } : {}),
  });
  const refunds = await staffLoad(request, async (api) =>
    query.success ? (await api.call(billingEndpoints.refunds, { query: query.data })).data : null,
  );
  return { filter, refunds };
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/refunds` (finance; support reads): refunds with their steps, retry, and refunding an invoice. */
export default function AdminRefunds({ loaderData }: Route.ComponentProps) {
  const me = useStaffMe();
  const { revalidate } = useRevalidator();
  const reload = () => void revalidate();
  const { filter, refunds } = loaderData;
  const finance = mayUse(me.roles, billingEndpoints.refund);
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="space-y-5">
        {finance ? (
          <RefundForm onRequested={reload} />
        ) : (
          <p role="note" className="rounded-xl border border-line bg-white px-4 py-3 text-sm text-muted sm:px-5">
            {t.readOnly}
          </p>
        )}
        <Panel>
          <RefundFilters filter={filter} error={refunds ? null : mn.staff.filterInvalid} />
        </Panel>
        <Panel title={t.list} flush>
          {refunds ? (
            <RefundList
              refunds={refunds}
              canRetry={mayUse(me.roles, billingEndpoints.retryRefund)}
              onChanged={reload}
            />
          ) : (
            <p role="alert" className="px-4 py-8 text-center text-sm text-red-700 sm:px-5">
              {mn.staff.filterInvalid}
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
