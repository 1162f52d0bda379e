import { mn } from '@nomsan/contracts/messages';
import type { PodcastSeriesDetail } from '@nomsan/contracts/podcasts';
import { HeroCover } from '~/ui/hero-cover';

/** The head of a podcast's page: square cover, title, host, number of episodes, description. */
export function SeriesHeader({ series }: { series: PodcastSeriesDetail }) {
  return (
    <header className="flex flex-col gap-5 md:flex-row md:items-start md:gap-8">
      <div className="md:w-56 md:shrink-0">
        <HeroCover image={series.cover} title={series.title} shape="square" />
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-brand">{mn.podcast.kind}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">{series.title}</h1>
        <p className="mt-2 text-sm text-muted">
          {mn.podcast.host}: {series.author} · {mn.podcast.episodesCount(series.episodes_count)}
        </p>
        <p className="mt-4 max-w-3xl leading-relaxed whitespace-pre-line">{series.description}</p>
      </div>
    </header>
  );
}
