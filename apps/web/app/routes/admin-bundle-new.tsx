import { Link, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { AdminError } from '~/features/admin/admin-error';
import { BundleForm } from '~/features/admin/bundle-desk';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-bundle-new';

const t = mn.admin.bundles;

export const meta: Route.MetaFunction = () => privatePageMeta(t.newBundle);

/** `/admin/bundles/new` (editors): a new bundle, made off sale; then its own page (titles, cover, price, sale). */
export default function AdminBundleNew() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.newBundle}
        lead={t.newLead}
        actions={
          <Link to="/admin/bundles" className={adminButton('secondary')}>
            <ChevronLeftIcon width={16} height={16} />
            {t.back}
          </Link>
        }
      />
      <div className="max-w-4xl">
        <BundleForm
          bundle={null}
          onSaved={(bundle) => void navigate(`/admin/bundles/${bundle.id}`, { replace: true })}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
