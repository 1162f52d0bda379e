import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { DeskPublisherDetail } from '@nomsan/contracts/people-desk';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { AdminError } from '~/features/admin/admin-error';
import { DeskTitleHeader, DeskTitleLayout, loadDeskTitle, useChangedSince } from '~/features/admin/desk-page';
import { PublisherForm, PublisherLogoPanel } from '~/features/admin/people-desk';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-publisher';

const t = mn.admin.publishers;
const PLACEHOLDER = { color: '#e5e7eb', width: 1, height: 1, sm: '', md: '', lg: '' };

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadDeskTitle(request, params, async (api, id) => ({
    publisher: (await api.call(peopleDeskEndpoints.publisher, { params: id })).data,
  }));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => privatePageMeta(loaded?.publisher.name ?? t.title);

/** `/admin/publishers/:id` (editors): a publisher's name (its page's address stays), description and logo. */
export default function AdminPublisher({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [changed, change] = useChangedSince<typeof loaderData, { publisher: DeskPublisherDetail }>(loaderData);
  const publisher = changed.publisher ?? loaderData.publisher;
  const onPublisher = (next: DeskPublisherDetail) => {
    change({ publisher: next });
    void revalidate();
  };
  return (
    <>
      <DeskTitleHeader
        back={{ to: '/admin/publishers', label: t.back }}
        item={{ id: publisher.id, title: publisher.name, cover: publisher.logo ?? PLACEHOLDER }}
        when={`${t.books(publisher.books_count)} · ${t.slug(publisher.slug)}`}
        publicPage={{ href: publisher.url, label: t.publicPage }}
      />
      <DeskTitleLayout
        aside={<PublisherLogoPanel key={`logo-${publisher.id}`} publisher={publisher} onChanged={onPublisher} />}
      >
        <PublisherForm
          key={`${publisher.id}:${publisher.name}:${publisher.description}`}
          publisher={publisher}
          onSaved={onPublisher}
        />
      </DeskTitleLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
