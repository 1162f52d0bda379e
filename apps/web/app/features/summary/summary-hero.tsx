import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SummaryDetail } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDuration } from '~/lib/format';
import { href } from '~/lib/links';
import { CategoryLinks } from '~/ui/category-links';
import { HeroCover } from '~/ui/hero-cover';
import { BookOpenIcon, HeadphonesIcon } from '~/ui/icons';

/** A summary's head: square cover, title, authors, reading and listening time, categories. */
export function SummaryHero({
  summary,
  aside,
  listen,
}: {
  summary: SummaryDetail;
  aside?: ReactNode;
  /** the way to listen (the player's button), under the formats */
  listen?: ReactNode;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[17rem_minmax(0,1fr)_20rem] xl:gap-10">
      <HeroCover image={summary.cover} title={summary.title} shape="square" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-brand">{mn.book.summary}</p>
        <h1 className="mt-1 text-2xl leading-tight font-extrabold tracking-tight text-balance sm:text-4xl">
          {summary.title}
        </h1>
        {summary.authors.length > 0 ? (
          <p className="mt-3 text-[15px]">
            <span className="text-muted">{mn.detail.authors}: </span>
            {summary.authors.map((author, index) => (
              <span key={author.id}>
                <Link to={href.author(author.slug)} className="font-semibold text-brand hover:underline">
                  {author.name}
                </Link>
                {index < summary.authors.length - 1 ? ', ' : null}
              </span>
            ))}
          </p>
        ) : null}
        <ul className="mt-5 flex flex-wrap gap-2">
          <li className="inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm">
            <BookOpenIcon width={18} height={18} className="text-brand" />
            <span className="font-semibold">{mn.detail.readingTime}</span>
            <span className="text-muted">{mn.book.minutes(summary.reading_minutes)}</span>
          </li>
          {summary.audio_duration_seconds > 0 ? (
            <li className="inline-flex items-center gap-2 rounded-xl border border-line px-3 py-2 text-sm">
              <HeadphonesIcon width={18} height={18} className="text-brand" />
              <span className="font-semibold">{mn.detail.listeningTime}</span>
              <span className="text-muted">{formatDuration(summary.audio_duration_seconds)}</span>
            </li>
          ) : null}
        </ul>
        {listen}
        <CategoryLinks categories={summary.categories} />
        <p className="mt-5 max-w-prose leading-relaxed text-ink/85">{summary.description}</p>
      </div>
      {aside ? <aside className="md:col-span-2 lg:col-span-1 lg:row-span-2">{aside}</aside> : null}
    </div>
  );
}

/** The body of a summary as numbered key ideas. */
export function KeyIdeas({ body }: { body: string[] }) {
  if (body.length === 0) return null;
  return (
    <section aria-labelledby="key-ideas" className="min-w-0">
      <h2 id="key-ideas" className="text-xl font-bold sm:text-2xl">
        {mn.detail.keyIdeas}
      </h2>
      <ol className="mt-4 space-y-4">
        {body.map((paragraph, index) => (
          <li key={index} className="flex gap-4">
            <span
              aria-hidden="true"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-bold text-brand"
            >
              {index + 1}
            </span>
            <p className="max-w-prose pt-1 leading-relaxed text-ink/90">{paragraph}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
