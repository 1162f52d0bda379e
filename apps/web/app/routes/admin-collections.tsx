import { useNavigate, useRevalidator } from 'react-router';
import { collectionsDeskEndpoints } from '@nomsan/contracts/collections-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { ShowcasePanel, TopicForm, TopicsPanel } from '~/features/admin/collections';
import { PageHeader } from '~/features/admin/ui';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-collections';

const t = mn.admin.collections;

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return staffLoad(request, async (api) => {
    const [topics, showcase] = await Promise.all([
      api.call(collectionsDeskEndpoints.topics).then((answer) => answer.data),
      api.call(collectionsDeskEndpoints.showcase).then((answer) => answer.data),
    ]);
    return { topics, showcase };
  });
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/**
 * `/admin/collections` (editors): the discovery topics in the store's order (each to its page,
 * a new one made here) and the books of the home page's showcase in order.
 */
export default function AdminCollections({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t.title} lead={t.lead} />
      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <div className="min-w-0 space-y-5">
          <TopicsPanel topics={loaderData.topics} onChanged={() => void revalidate()} />
          <TopicForm topic={null} onSaved={(made) => void navigate(`/admin/collections/${made.id}`)} />
        </div>
        <div className="min-w-0">
          <ShowcasePanel books={loaderData.showcase} />
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
