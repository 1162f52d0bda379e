import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/podcast';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('podcast') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.podcast, path: '/podcast', baseUrl: baseUrlFrom(matches) });

export default function Podcasts({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.podcast} feed={loaderData.feed} />;
}
