import { Link, useNavigate } from 'react-router';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { SummaryForm } from '~/features/admin/summary-desk';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-summary-new';

const t = mn.admin.summaries;

/** The categories to choose from. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => ({ categories: (await api.call(catalogDeskEndpoints.categories)).data }));
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.newSummary);

/** `/admin/summaries/new` (editors): a new summary, made as a draft; then its own page (cover, recording, price, publishing). */
export default function AdminSummaryNew({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.newSummary}
        lead={t.newLead}
        actions={
          <Link to="/admin/summaries" className={adminButton('secondary')}>
            <ChevronLeftIcon width={16} height={16} />
            {t.back}
          </Link>
        }
      />
      <div className="max-w-4xl">
        <SummaryForm
          summary={null}
          categories={loaderData.categories}
          onSaved={(summary) => void navigate(`/admin/summaries/${summary.id}`, { replace: true })}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
