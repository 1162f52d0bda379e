import { Link, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { SummaryForm } from '~/features/admin/summary-desk';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-summary-new';

const t = mn.admin.summaries;

export const meta: Route.MetaFunction = () => privatePageMeta(t.newSummary);

/** `/admin/summaries/new` (editors): a new summary, made as a draft; then its own page (cover, recording, price, publishing). */
export default function AdminSummaryNew() {
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
          onSaved={(summary) => void navigate(`/admin/summaries/${summary.id}`, { replace: true })}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
