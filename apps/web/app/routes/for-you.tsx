import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/for-you';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('for-you') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.forYou, path: '/for-you', baseUrl: baseUrlFrom(matches) });

export default function ForYou({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.forYou} feed={loaderData.feed} />;
}
