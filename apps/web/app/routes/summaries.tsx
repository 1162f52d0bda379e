import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/summaries';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('summary') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.summary, path: '/summaries', baseUrl: baseUrlFrom(matches) });

export default function Summaries({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.summary} feed={loaderData.feed} />;
}
