import { useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { collectionIdParams, type DeskTopic } from '@nomsan/contracts/collections-desk';
import { collectionsDeskEndpoints } from '@nomsan/contracts/collections-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { adminApi, staffLoad } from '~/features/admin/admin-api';
import { AdminError } from '~/features/admin/admin-error';
import { TopicForm, TopicItemsPanel } from '~/features/admin/collections';
import { ConfirmDialog } from '~/features/admin/dialog';
import { PageHeader, adminButton } from '~/features/admin/ui';
import { toast } from '~/lib/toasts';
import { privatePageMeta } from '~/lib/meta';
import { ChevronLeftIcon } from '~/ui/icons';
import type { Route } from './+types/admin-collection';

const t = mn.admin.collections;

/** The topic with its items; an id that is no number is not found. */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = collectionIdParams.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  return staffLoad(request, async (api) => ({
    topic: (await api.call(collectionsDeskEndpoints.topic, { params: id.data })).data,
  }));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => privatePageMeta(loaded?.topic.title ?? t.title);

/**
 * `/admin/collections/:id` (editors): a topic's title, description and whether the store shows
 * it; its books, summaries and podcasts in order; its page in the store; deleting it.
 */
export default function AdminCollection({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  // what the last change answered, until the page's data is loaded again
  const [changed, setChanged] = useState<DeskTopic | null>(null);
  const [loaded, setLoaded] = useState(loaderData);
  if (loaded !== loaderData) {
    setLoaded(loaderData);
    setChanged(null);
  }
  const topic = changed ?? loaderData.topic;
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <div className="mb-3">
        <Link
          to="/admin/collections"
          className="inline-flex items-center gap-1 text-sm font-semibold text-muted hover:text-brand"
        >
          <ChevronLeftIcon width={16} height={16} />
          {t.back}
        </Link>
      </div>
      <PageHeader
        title={topic.title}
        lead={`#${topic.id} · ${t.slug(topic.slug)}`}
        actions={
          <div className="flex flex-wrap gap-2">
            {topic.active ? (
              <a href={topic.url} target="_blank" rel="noopener" className={adminButton('secondary')}>
                {t.publicPage}
              </a>
            ) : null}
            <button type="button" onClick={() => setDeleting(true)} className={adminButton('quietDanger')}>
              {t.deleteTopic}
            </button>
          </div>
        }
      />
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0">
          <TopicItemsPanel topic={topic} onChanged={setChanged} />
        </div>
        <aside className="min-w-0">
          <TopicForm key={topic.id} topic={topic} onSaved={setChanged} />
        </aside>
      </div>
      {deleting ? (
        <ConfirmDialog
          title={t.deleteTitle}
          text={t.deleteText(topic.title)}
          confirmLabel={t.deleteConfirm}
          onConfirm={async () => {
            await adminApi().call(collectionsDeskEndpoints.deleteTopic, { params: { id: topic.id } });
            toast.success(t.deleted(topic.title));
            void navigate('/admin/collections');
          }}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
