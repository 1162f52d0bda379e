import { redirect, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { ItemGrid } from '~/features/catalog/item-grid';
import { PersonHeader } from '~/features/people/person-header';
import { href } from '~/lib/links';
import { pageParam, required, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd, organizationJsonLd, personJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/contributor';

type Kind = 'author' | 'narrator' | 'publisher';

const KINDS: Record<string, Kind> = { authors: 'author', narrators: 'narrator', publishers: 'publisher' };

/** `/authors/:slug`, `/narrators/:slug` and `/publishers/:slug`: who they are and their books. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = KINDS[url.pathname.split('/')[1] ?? ''] ?? 'author';
  const page = pageParam(request);
  const api = context.api;
  const load = async () => {
    if (kind === 'publisher') {
      const publisher = await required(api.publisher(params.slug));
      return {
        kind,
        slug: publisher.slug,
        id: publisher.id,
        name: publisher.name,
        bio: publisher.description,
        image: publisher.logo,
        booksCount: publisher.books_count,
        likesCount: undefined,
        person: null,
        publisher,
      };
    }
    const person = await required(kind === 'author' ? api.author(params.slug) : api.narrator(params.slug));
    return {
      kind,
      slug: person.slug,
      id: person.id,
      name: person.name,
      bio: person.bio,
      image: person.photo,
      booksCount: person.books_count,
      likesCount: person.likes_count,
      person,
      publisher: null,
    };
  };
  const entity = await load();
  const canonical = href[entity.kind](entity.slug);
  if (entity.slug !== params.slug) throw redirect(`${canonical}${url.search}`, 301);
  const books = await (kind === 'author'
    ? api.authorBooks(entity.id, page)
    : kind === 'narrator'
      ? api.narratorBooks(entity.id, page)
      : api.publisherItems(entity.id, page));
  requirePageInRange(page, books.last_page);
  return { ...entity, canonical, books, page };
}

const ROLE: Record<Kind, string> = {
  author: mn.people.author,
  narrator: mn.people.narrator,
  publisher: mn.people.publisher,
};
const DESCRIBE: Record<Kind, (name: string) => string> = {
  author: mn.people.authorDescription,
  narrator: mn.people.narratorDescription,
  publisher: mn.people.publisherDescription,
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { name, bio, kind, canonical, image, page } = loaderData;
  return pageMeta({
    title: page > 1 ? `${name} — ${mn.pagination.page(page)}` : name,
    description: bio || DESCRIBE[kind](name),
    path: page > 1 ? `${canonical}?page=${page}` : canonical,
    baseUrl: baseUrlFrom(matches),
    image: image.lg || undefined,
    type: kind === 'publisher' ? 'website' : 'profile',
  });
};

export default function ContributorPage({ loaderData, matches }: Route.ComponentProps) {
  const { kind, name, bio, image, booksCount, likesCount, canonical, books, person, publisher } = loaderData;
  const { pathname, search } = useLocation();
  const baseUrl = baseUrlFrom(matches);
  const crumbs = [{ name, path: canonical }];
  const structured = person
    ? personJsonLd(person, baseUrl, canonical, ROLE[kind])
    : organizationJsonLd({ name, description: bio, logo: publisher?.logo ?? image }, baseUrl, canonical);
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd data={[structured, breadcrumbJsonLd(crumbs, baseUrl)]} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-6">
        <PersonHeader
          name={name}
          role={ROLE[kind]}
          image={image}
          bio={bio}
          booksCount={booksCount}
          likesCount={likesCount}
          round={kind !== 'publisher'}
        />
      </div>
      <section aria-labelledby="contributor-books" className="mt-10">
        <h2 id="contributor-books" className="mb-4 text-xl font-bold sm:text-2xl">
          {mn.people.booksHeading} <span className="text-muted">({books.total})</span>
        </h2>
        <ItemGrid items={books.data} eagerCount={0} />
        <Pagination pathname={pathname} search={search} current={books.current_page} last={books.last_page} />
      </section>
    </div>
  );
}
