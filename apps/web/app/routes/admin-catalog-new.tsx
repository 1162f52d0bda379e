import { Link, useNavigate } from 'react-router';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { BookForm } from '~/features/admin/catalog-book-form';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-catalog-new';

const t = mn.admin.book;

/** The categories to choose from. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => ({ categories: (await api.call(catalogDeskEndpoints.categories)).data }));
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.newTitle);

/** `/admin/catalog/new` (editors): a new title, made as a draft; then its own page (files, prices, publishing). */
export default function AdminCatalogNew({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.newTitle}
        lead={t.newLead}
        actions={
          <Link to="/admin/catalog" className={adminButton('secondary')}>
            <ChevronLeftIcon width={16} height={16} />
            {t.back}
          </Link>
        }
      />
      <div className="max-w-4xl">
        <BookForm
          book={null}
          categories={loaderData.categories}
          onSaved={(book) => void navigate(`/admin/catalog/${book.id}`, { replace: true })}
        />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
