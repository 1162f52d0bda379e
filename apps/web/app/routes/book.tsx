import { mn } from '@nomsan/contracts/messages';
import { FeedPage } from '~/features/catalog/feed-page';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/book';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('ebook') };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: mn.tabs.ebook, path: '/book', baseUrl: baseUrlFrom(matches) });

export default function Ebooks({ loaderData }: Route.ComponentProps) {
  return <FeedPage heading={mn.tabs.ebook} feed={loaderData.feed} />;
}
