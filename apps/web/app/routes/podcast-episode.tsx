import { data, Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { EpisodeList } from '~/features/podcast/episode-list';
import { EpisodePlayControls } from '~/features/podcast-player/episode-play-controls';
import { formatDate, formatDuration } from '~/lib/format';
import { href } from '~/lib/links';
import { optional, required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { breadcrumbJsonLd } from '~/lib/structured-data';
import { Breadcrumbs } from '~/ui/breadcrumbs';
import { HeroCover } from '~/ui/hero-cover';
import { JsonLd } from '~/ui/json-ld';
import type { Route } from './+types/podcast-episode';

export async function loader({ params, context }: Route.LoaderArgs) {
  const series = await required(context.api.podcastSeries(params.channel));
  const [match, latest] = await Promise.all([
    context.api.publications(series.id, { slug: params.slug }),
    optional(context.api.publications(series.id), null),
  ]);
  const episode = match.data[0];
  if (!episode) throw data(null, { status: 404 });
  return { series, episode, more: (latest?.data ?? []).filter((e) => e.id !== episode.id) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return pageMeta({});
  const { series, episode } = loaderData;
  return pageMeta({
    title: `${episode.title} | ${series.title}`,
    description: episode.description,
    path: href.episode(series.slug, episode.slug),
    baseUrl: baseUrlFrom(matches),
    image: episode.cover.lg,
  });
};

/**
 * A podcast episode: free to play, in the layout's podcast bar (the page's one audio element for
 * podcasts), straight from its `stream_url` (audio/mpeg).
 */
export default function PodcastEpisode({ loaderData, matches }: Route.ComponentProps) {
  const { series, episode, more } = loaderData;
  const crumbs = [
    { name: mn.tabs.podcast, path: '/podcast' },
    { name: series.title, path: href.podcast(series.slug) },
    { name: episode.title, path: href.episode(series.slug, episode.slug) },
  ];
  return (
    <div className="mx-auto max-w-screen-lg px-4 pt-4 pb-12 lg:px-6">
      <JsonLd data={breadcrumbJsonLd(crumbs, baseUrlFrom(matches))} />
      <Breadcrumbs crumbs={crumbs} />
      <article className="mt-6 flex flex-col gap-6 md:flex-row md:items-start md:gap-8">
        <div className="md:w-56 md:shrink-0">
          <HeroCover image={episode.cover} title={series.title} shape="square" />
        </div>
        <div className="min-w-0 flex-1">
          <Link to={href.podcast(series.slug)} className="text-sm font-semibold text-brand hover:underline">
            {series.title}
          </Link>
          <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">{episode.title}</h1>
          <p className="mt-2 text-sm text-muted">
            {mn.podcast.episodeNumber(episode.number)} · {formatDate(episode.published_at)} ·{' '}
            {formatDuration(episode.duration_seconds)}
          </p>
          <EpisodePlayControls key={episode.id} episode={episode} />
          <p className="mt-5 max-w-3xl leading-relaxed whitespace-pre-line">{episode.description}</p>
        </div>
      </article>
      {more.length > 0 ? (
        <section aria-labelledby="more-episodes" className="mt-10">
          <div className="mb-4 flex items-baseline justify-between gap-4">
            <h2 id="more-episodes" className="text-xl font-bold">
              {mn.podcast.moreEpisodes}
            </h2>
            <Link to={href.podcast(series.slug)} className="text-sm font-semibold text-brand hover:underline">
              {mn.podcast.allEpisodes}
            </Link>
          </div>
          <EpisodeList episodes={more} />
        </section>
      ) : null}
    </div>
  );
}
