import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { CatalogImport } from '~/features/admin/catalog-import';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-catalog-import';

const t = mn.admin.catalogImport;

/** Nothing to read first: the staff session is checked (to the sign-in page without one). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async () => ({}));
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/catalog/import` (editors): an ONIX file sent, its dry run read, then written to the catalogue. */
export default function AdminCatalogImport() {
  return (
    <>
      <PageHeader
        title={t.title}
        lead={t.lead}
        actions={
          <Link to="/admin/catalog" className={adminButton('secondary')}>
            <ChevronLeftIcon width={16} height={16} />
            {t.back}
          </Link>
        }
      />
      <CatalogImport />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
