import { data, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { FIRST_ROW, ItemGrid } from '~/features/catalog/item-grid';
import { href } from '~/lib/links';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/topic';

const PAGE_SIZE = 24;

/** `/topic/:slug`: everything in an editorial topic (the "see all" of a home shelf), a page at a time. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const topic = (await context.api.topics()).find((t) => t.slug === params.slug);
  if (!topic) throw data(null, { status: 404 });
  const items = await context.api.topicables(topic.id, page, PAGE_SIZE);
  requirePageInRange(page, items.last_page);
  return { topic, items, page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { topic, items, page } = loaderData;
  return pageMeta({
    title: page > 1 ? `${topic.title} — ${mn.pagination.page(page)}` : topic.title,
    description: topic.description || mn.lists.topicDescription(topic.title, items.total),
    path: `${href.topic(topic.slug)}${page > 1 ? `?page=${page}` : ''}`,
    baseUrl: baseUrlFrom(matches),
  });
};

export default function TopicPage({ loaderData, matches }: Route.ComponentProps) {
  const { topic, items } = loaderData;
  const { pathname, search } = useLocation();
  const crumbs = [{ name: topic.title, path: href.topic(topic.slug) }];
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd data={breadcrumbJsonLd(crumbs, baseUrlFrom(matches))} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-6 mb-5 max-w-3xl">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{topic.title}</h1>
        {topic.description ? <p className="mt-2 text-muted">{topic.description}</p> : null}
        <p className="mt-1 text-sm text-muted">{mn.lists.topicItems(items.total)}</p>
      </div>
      <ItemGrid items={items.data} eagerCount={FIRST_ROW} label={topic.title} />
      <Pagination pathname={pathname} search={search} current={items.current_page} last={items.last_page} />
    </div>
  );
}
