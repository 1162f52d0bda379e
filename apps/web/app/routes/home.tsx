import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { Shelf } from '~/features/catalog/shelf';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  return { feed: await context.api.newsfeedTab('for-you') };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta({ path: '/', baseUrl: baseUrlFrom(matches) });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { shelves } = loaderData.feed;
  return (
    <div className="mx-auto max-w-screen-2xl px-4 lg:px-6">
      <section className="relative mt-4 overflow-hidden rounded-2xl bg-gradient-to-br from-brand to-brand-dark px-5 py-7 text-white sm:rounded-3xl sm:px-10 sm:py-10">
        <div className="relative z-10 max-w-xl">
          <h1 className="text-2xl font-extrabold leading-tight tracking-tight sm:text-4xl">{mn.home.heroTitle}</h1>
          <p className="mt-2 text-sm text-white/85 sm:mt-3 sm:text-lg">{mn.home.heroText}</p>
          <Link
            to="/subscription"
            className="mt-5 inline-flex h-11 items-center rounded-full bg-white px-6 font-semibold text-brand hover:bg-brand-soft"
          >
            {mn.home.heroCta}
          </Link>
        </div>
        <div aria-hidden="true" className="absolute -right-16 -top-16 size-72 rounded-full bg-white/10" />
        <div aria-hidden="true" className="absolute -bottom-24 right-24 size-64 rounded-full bg-white/5" />
      </section>
      {shelves.map((shelf, index) => (
        <Shelf key={shelf.id} shelf={shelf} eager={index === 0} />
      ))}
    </div>
  );
}
