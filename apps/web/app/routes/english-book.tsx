import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/english-book';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('english') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.englishBook, path: '/english-book', baseUrl: baseUrlFrom(matches) });

export default function EnglishBooks({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.englishBook} feed={loaderData.feed} />;
}
