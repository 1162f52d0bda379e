import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { Shelf } from '~/features/catalog/shelf';
import { Showcase } from '~/features/catalog/showcase';
import { CategoryChips } from '~/features/category/category-chips';
import { loadDiscovery } from '~/lib/discovery.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [feed, discovery, categories] = await Promise.all([
    context.api.newsfeedTab('for-you'),
    loadDiscovery(context.api),
    context.api.categories().catch(() => []),
  ]);
  return { feed, ...discovery, categories };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ path: '/', baseUrl: baseUrlFrom(matches) });

function Banner() {
  return (
    <div className="relative flex h-full min-h-56 flex-col justify-center overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-brand-dark px-5 py-7 text-white sm:rounded-3xl sm:px-8 sm:py-8">
      <div className="relative z-10">
        <h1 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-3xl">{mn.home.heroTitle}</h1>
        <p className="mt-2 text-sm text-white/85 sm:mt-3 sm:text-base">{mn.home.heroText}</p>
        <Link
          to="/subscription"
          className="mt-5 inline-flex h-11 items-center rounded-full bg-white px-6 font-semibold text-brand hover:bg-brand-soft"
        >
          {mn.home.heroCta}
        </Link>
      </div>
      <div aria-hidden="true" className="absolute -top-16 -right-16 size-64 rounded-full bg-white/10" />
      <div aria-hidden="true" className="absolute right-16 -bottom-24 size-56 rounded-full bg-white/5" />
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { feed, showcase, topicShelves, categories } = loaderData;
  return (
    <div className="mx-auto max-w-screen-2xl px-4 lg:px-6">
      <Showcase banner={<Banner />} items={showcase} />
      <div className="pt-4">
        <CategoryChips categories={categories} active="" />
      </div>
      {feed.shelves.map((shelf, index) => (
        // below the banner, the first shelf's first cover is a phone's largest paint
        <Shelf key={shelf.id} shelf={shelf} priority={index === 0} />
      ))}
      {topicShelves.map((shelf) => (
        <Shelf key={shelf.id} shelf={shelf} />
      ))}
    </div>
  );
}
