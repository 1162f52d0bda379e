import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { Showcase } from '~/features/catalog/showcase';
import { loadDiscovery } from '~/lib/discovery.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/for-you';

export async function loader({ context }: Route.LoaderArgs) {
  const [feed, discovery] = await Promise.all([context.api.newsfeedTab('for-you'), loadDiscovery(context.api)]);
  return { feed, ...discovery };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.forYou, path: '/for-you', baseUrl: baseUrlFrom(matches) });

export default function ForYou({ loaderData }: Route.ComponentProps) {
  const { feed, showcase, topicShelves } = loaderData;
  return (
    <FeedPage
      heading={mn.tabs.forYou}
      feed={feed}
      hero={showcase.length > 0 ? <Showcase items={showcase} /> : undefined}
      more={topicShelves}
    />
  );
}
