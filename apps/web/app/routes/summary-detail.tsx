import { redirect } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { BundleShelf } from '~/features/bundle/bundle-shelf';
import { ItemCard } from '~/features/catalog/item-card';
import { OfferList } from '~/features/checkout/offer-list';
import { ListenButton } from '~/features/player/listen-button';
import { summaryInfo } from '~/features/player/title-info';
import { ReviewsSection } from '~/features/reviews/reviews-section';
import { KeyIdeas, SummaryHero } from '~/features/summary/summary-hero';
import { href } from '~/lib/links';
import { optional, required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd, summaryJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import type { Route } from './+types/summary-detail';

export async function loader({ params, context }: Route.LoaderArgs) {
  const summary = await required(context.api.summary(params.slug));
  if (summary.slug !== params.slug) throw redirect(href.summary(summary.slug), 301);
  const [reviews, bundles] = await Promise.all([
    optional(context.api.reviews('summary', summary.id), null),
    optional(context.api.summaryBundles(summary.id), []),
  ]);
  return { summary, canonical: href.summary(summary.slug), reviews, bundles };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({
        title: `${loaderData.summary.title} — ${mn.book.summary}`,
        description: loaderData.summary.description,
        path: loaderData.canonical,
        baseUrl: baseUrlFrom(matches),
        image: loaderData.summary.cover.lg || undefined,
        type: 'article',
      })
    : pageMeta({});

export default function SummaryPage({ loaderData, matches }: Route.ComponentProps) {
  const { summary, canonical, reviews, bundles } = loaderData;
  const baseUrl = baseUrlFrom(matches);
  const crumbs = [
    { name: mn.tabs.summary, path: '/summaries' },
    { name: summary.title, path: canonical },
  ];
  const empty = { average: 0, count: 0, distribution: [0, 0, 0, 0, 0] };
  return (
    <div className="mx-auto max-w-screen-2xl px-4 pt-4 pb-10 lg:px-6">
      <JsonLd data={[summaryJsonLd(summary, baseUrl, canonical), breadcrumbJsonLd(crumbs, baseUrl)]} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-5">
        <SummaryHero
          summary={summary}
          listen={
            summary.audio_duration_seconds > 0 ? (
              <ListenButton type="summary" id={summary.id} info={summaryInfo(summary)} />
            ) : null
          }
          aside={<OfferList offers={summary.offers} item={{ kind: 'summary', id: summary.id, title: summary.title }} />}
        />
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <KeyIdeas body={summary.body} />
        {summary.book ? (
          <section aria-labelledby="original-book">
            <h2 id="original-book" className="mb-3 text-lg font-bold">
              {mn.detail.originalBook}
            </h2>
            <div className="w-40">
              <ItemCard item={summary.book} sizes="160px" />
            </div>
          </section>
        ) : null}
      </div>
      <div id="reviews" className="mt-6">
        <ReviewsSection
          of={{ type: 'summary', id: summary.id }}
          rating={reviews?.rating ?? empty}
          reviews={reviews?.data ?? []}
          total={reviews?.total ?? 0}
        />
      </div>
      <BundleShelf title={mn.detail.summaryBundles} bundles={bundles} />
    </div>
  );
}
