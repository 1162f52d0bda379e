import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { EpisodeList } from '~/features/podcast/episode-list';
import { SeriesHeader } from '~/features/podcast/series-header';
import { href } from '~/lib/links';
import { pageParam, required, requirePageInRange } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { JsonLd } from '~/ui/json-ld';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/podcast-channel';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = pageParam(request);
  const series = await required(context.api.podcastSeries(params.channel));
  const episodes = await context.api.publications(series.id, { page });
  requirePageInRange(page, episodes.last_page);
  return { series, episodes, page };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { series, page } = loaderData;
  return pageMeta({
    title: page > 1 ? `${series.title} — ${mn.pagination.page(page)}` : series.title,
    description: mn.podcast.seriesDescription(series.title, series.episodes_count),
    path: `${href.podcast(series.slug)}${page > 1 ? `?page=${page}` : ''}`,
    baseUrl: baseUrlFrom(matches),
    image: series.cover.lg,
  });
};

export default function PodcastChannel({ loaderData, matches }: Route.ComponentProps) {
  const { series, episodes } = loaderData;
  const { pathname, search } = useLocation();
  const crumbs = [
    { name: mn.tabs.podcast, path: '/podcast' },
    { name: series.title, path: href.podcast(series.slug) },
  ];
  return (
    <div className="mx-auto max-w-screen-lg px-4 pt-4 pb-12 lg:px-6">
      <JsonLd data={breadcrumbJsonLd(crumbs, baseUrlFrom(matches))} />
      <Breadcrumbs crumbs={crumbs} />
      <div className="mt-6">
        <SeriesHeader series={series} />
      </div>
      <section aria-labelledby="episodes" className="mt-10">
        <h2 id="episodes" className="mb-4 text-xl font-bold">
          {mn.podcast.episodes}
        </h2>
        <EpisodeList episodes={episodes.data} />
        <Pagination pathname={pathname} search={search} current={episodes.current_page} last={episodes.last_page} />
      </section>
    </div>
  );
}
