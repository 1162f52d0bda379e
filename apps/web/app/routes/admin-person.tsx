import { useRevalidator } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { DeskPersonDetail } from '@nomsan/contracts/people-desk';
import { peopleDeskEndpoints } from '@nomsan/contracts/people-desk.endpoints';
import { AdminError } from '~/features/admin/admin-error';
import { DeskTitleHeader, DeskTitleLayout, loadDeskTitle, useChangedSince } from '~/features/admin/desk-page';
import { PersonForm, PersonPhotoPanel } from '~/features/admin/people-desk';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/admin-person';

const t = mn.admin.people;
const PLACEHOLDER = { color: '#e5e7eb', width: 1, height: 1, sm: '', md: '', lg: '' };

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadDeskTitle(request, params, async (api, id) => ({
    person: (await api.call(peopleDeskEndpoints.person, { params: id })).data,
  }));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => privatePageMeta(loaded?.person.name ?? t.title);

/**
 * `/admin/people/:id` (editors): a person's name (their public page's address stays), biography
 * and photo, how many titles they are on, and their author page in the store.
 */
export default function AdminPerson({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [changed, change] = useChangedSince<typeof loaderData, { person: DeskPersonDetail }>(loaderData);
  const person = changed.person ?? loaderData.person;
  const onPerson = (next: DeskPersonDetail) => {
    change({ person: next });
    void revalidate();
  };
  return (
    <>
      <DeskTitleHeader
        back={{ to: '/admin/people', label: t.back }}
        item={{ id: person.id, title: person.name, cover: person.photo ?? PLACEHOLDER }}
        when={`${t.books(person.books_count, person.summaries_count)} · ${t.slug(person.slug)}`}
        publicPage={{ href: person.url, label: person.url.startsWith('/narrators/') ? t.narratorPage : t.publicPage }}
      />
      <DeskTitleLayout aside={<PersonPhotoPanel key={`photo-${person.id}`} person={person} onChanged={onPerson} />}>
        <PersonForm key={`${person.id}:${person.name}:${person.bio}`} person={person} onSaved={onPerson} />
      </DeskTitleLayout>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
