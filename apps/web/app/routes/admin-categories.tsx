import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { CategoriesPanel } from '~/features/admin/people-desk';
import { PageHeader } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-categories';

const t = mn.admin.categories;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => ({ categories: (await api.call(peopleDeskEndpoints.categories)).data }));
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** `/admin/categories` (editors): the categories in the store's order, moved, renamed in place, and a new one. */
export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  return (
    <>
      <PageHeader title={t.title} />
      <div className="max-w-3xl">
        <CategoriesPanel categories={loaderData.categories} onStale={() => void revalidate()} />
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
