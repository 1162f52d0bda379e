import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/audio';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('audio') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.audio, path: '/audio', baseUrl: baseUrlFrom(matches) });

export default function Audio({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.audio} feed={loaderData.feed} />;
}
