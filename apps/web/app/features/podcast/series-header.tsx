import { mn } from '@nomsan/contracts/messages';
import type { PodcastSeriesDetail } from '@nomsan/contracts/podcasts';
import { Cover } from '~/ui/cover';

/** The head of a podcast's page: square cover, title, host, number of episodes, description. */
export function SeriesHeader({ series }: { series: PodcastSeriesDetail }) {
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-start sm:gap-8">
      <div className="w-40 shrink-0 overflow-hidden rounded-2xl shadow-lg ring-1 ring-black/5 sm:w-48">
        <Cover
          image={series.cover}
          alt={mn.book.coverAlt(series.title)}
          sizes="192px"
          priority
          className="aspect-square w-full object-cover"
        />
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
