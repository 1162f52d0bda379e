import { redirect } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { BundleHero } from '~/features/bundle/bundle-hero';
import { ItemGrid } from '~/features/catalog/item-grid';
import { OfferList } from '~/features/checkout/offer-list';
import { href, itemHref } from '~/lib/links';
import { required } from '~/lib/loaders.server';
import { absoluteUrl, baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import type { Route } from './+types/bundle-detail';

/** `/bundle/:slug` (books) and `/bundleSummary/:slug` (summaries). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const bundle = await required(context.api.bundle(params.slug));
  const canonical = href.bundle(bundle.kind, bundle.slug);
  if (canonical !== new URL(request.url).pathname) throw redirect(canonical, 301);
  return { bundle, canonical };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: loaderData.bundle.title,
        description: loaderData.bundle.description,
        path: loaderData.canonical,
        baseUrl: baseUrlFrom(matches),
        image: loaderData.bundle.cover.lg || undefined,
        type: 'product',
      })
    : pageMeta({});

export default function BundlePage({ loaderData, matches }: Route.ComponentProps) {
  const { bundle, canonical } = loaderData;
  const crumbs = [
    bundle.kind === 'summary' ? { name: mn.tabs.summary, path: '/summaries' } : { name: mn.tabs.book, path: '/book' },
    { name: bundle.title, path: canonical },
  ];
  const baseUrl = baseUrlFrom(matches);
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd
        data={[
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            name: bundle.title,
            numberOfItems: bundle.items_count,
            itemListElement: bundle.items.map((item, index) => ({
              '@type': 'ListItem',
              position: index + 1,
              name: item.title,
              url: absoluteUrl(itemHref(item), baseUrl),
            })),
          },
          breadcrumbJsonLd(crumbs, baseUrl),
        ]}
      />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-5">
        <BundleHero
          bundle={bundle}
          offers={
            bundle.offer ? (
              <OfferList
                offers={[bundle.offer]}
                item={{ kind: 'bundle', id: bundle.id, title: bundle.title, itemsCount: bundle.items.length }}
              />
            ) : undefined
          }
        />
      </div>
      <section aria-labelledby="bundle-items" className="mt-10">
        <h2 id="bundle-items" className="mb-4 text-xl font-bold sm:text-2xl">
          {mn.bundle.contents} <span className="text-muted">({bundle.items.length})</span>
        </h2>
        <ItemGrid items={bundle.items} eagerCount={0} />
      </section>
    </div>
  );
}
