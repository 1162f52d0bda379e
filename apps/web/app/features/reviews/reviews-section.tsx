import { useId, useState } from 'react';
import type { RatingSummary, Review } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import { formatDate } from '~/lib/format';
import { Stars } from '~/ui/stars';

function Summary({ rating }: { rating: RatingSummary }) {
  const max = Math.max(1, ...rating.distribution);
  const average = rating.average.toFixed(1);
  return (
    <div className="flex items-center gap-6 rounded-2xl bg-surface p-5 sm:gap-8">
      <div className="text-center">
        <p className="text-5xl font-extrabold tracking-tight">{average}</p>
        <Stars value={rating.average} label={mn.rating.outOfFive(average)} />
        <p className="mt-1 text-sm text-muted">{mn.rating.count(rating.count)}</p>
      </div>
      <ol className="min-w-0 flex-1 space-y-1.5" aria-label={mn.rating.heading}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = rating.distribution[stars - 1] ?? 0;
          return (
            <li key={stars} className="flex items-center gap-2 text-sm">
              <span className="w-3 text-right text-muted" aria-hidden="true">
                {stars}
              </span>
              <span className="sr-only">{mn.rating.stars(stars)}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${(count / max) * 100}%` }} />
              </span>
              <span className="w-8 text-right tabular-nums text-muted">{count}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const replies = review.latest_five_replies ?? [];
  return (
    <li className="border-b border-line py-5 last:border-0">
      <article>
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            aria-hidden="true"
            className="inline-flex size-9 items-center justify-center rounded-full bg-brand-soft font-bold text-brand"
          >
            {review.author_name.slice(0, 1).toUpperCase()}
          </span>
          <h3 className="font-semibold">{review.author_name}</h3>
          <Stars value={review.rating} label={mn.reviews.ratedAs(review.rating)} size={14} />
          <time dateTime={review.created_at} className="text-sm text-muted">
            {formatDate(review.created_at)}
          </time>
        </header>
        <p className="mt-2 leading-relaxed whitespace-pre-line">{review.body}</p>
        {replies.length > 0 ? (
          <ul
            className="mt-3 space-y-3 border-l-2 border-line pl-4"
            aria-label={mn.reviews.replies(review.replies_count)}
          >
            {replies.map((reply) => (
              <li key={reply.id} className="text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{reply.author_name}</span>
                  {reply.is_staff ? (
                    <span className="rounded-full bg-brand px-2 py-0.5 text-[11px] font-bold text-white">
                      {mn.reviews.staff}
                    </span>
                  ) : null}
                  <time dateTime={reply.created_at} className="text-muted">
                    {formatDate(reply.created_at)}
                  </time>
                </p>
                <p className="mt-1 leading-relaxed text-ink/90">{reply.body}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
    </li>
  );
}

async function failureMessage(failure: unknown): Promise<string> {
  try {
    const { failureOf } = await import('~/lib/form');
    return failureOf(failure).message;
  } catch {
    return mn.authPages.offline; // the module itself could not be fetched
  }
}

/**
 * The reviews after the first page, fetched a page at a time from the browser when asked
 * (the first page is server-rendered with the item).
 */
function useMoreReviews(of: { type: 'book' | 'summary'; id: number }, first: Review[]) {
  const [more, setMore] = useState<Review[]>([]);
  const [page, setPage] = useState(1);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lastLoaded, setLastLoaded] = useState(false);
  async function loadNext() {
    setPending(true);
    setError(null);
    try {
      // the typed client and its schemas load on the first click, not with every book page
      const { browserApi } = await import('~/lib/browser-api');
      const next = await browserApi().reviews(of.type, of.id, page + 1);
      // a review written meanwhile shifts the pages: never show one twice
      const shown = new Set([...first, ...more].map((review) => review.id));
      setMore((before) => [...before, ...next.data.filter((review) => !shown.has(review.id))]);
      setPage(next.current_page);
      setLastLoaded(next.current_page >= next.last_page);
    } catch (failure) {
      setError(await failureMessage(failure));
    } finally {
      setPending(false);
    }
  }
  return { reviews: [...first, ...more], lastLoaded, pending, error, loadNext };
}

interface ReviewsProps {
  /** what is reviewed, for fetching the pages after the first */
  of: { type: 'book' | 'summary'; id: number };
  rating: RatingSummary;
  reviews: Review[];
  total: number;
}

/**
 * Rating summary (average, count, distribution) and the reviews with their latest replies.
 * Keyed by the item, so the pages loaded for one book are not kept when a client navigation
 * shows another.
 */
export function ReviewsSection(props: ReviewsProps) {
  return <Reviews key={`${props.of.type}:${props.of.id}`} {...props} />;
}

function Reviews({ of, rating, reviews: firstReviews, total }: ReviewsProps) {
  const headingId = useId();
  const { reviews, lastLoaded, pending, error, loadNext } = useMoreReviews(of, firstReviews);
  const remaining = total - reviews.length;
  return (
    <section aria-labelledby={headingId} className="py-6">
      <h2 id={headingId} className="text-xl font-bold sm:text-2xl">
        {mn.reviews.heading} {total > 0 ? <span className="text-muted">({total})</span> : null}
      </h2>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr] lg:gap-10">
        <div>
          {rating.count > 0 ? <Summary rating={rating} /> : <p className="text-muted">{mn.rating.noRatings}</p>}
        </div>
        {reviews.length > 0 ? (
          <div>
            <ul>
              {reviews.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {error ? (
              // FormMessage's look, without bringing the form kit into every book page
              <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
                {error}
              </p>
            ) : null}
            {remaining > 0 && !lastLoaded ? (
              <button
                type="button"
                onClick={loadNext}
                disabled={pending}
                aria-busy={pending}
                className="mt-3 inline-flex h-11 items-center rounded-full border border-line px-5 font-semibold hover:border-brand hover:text-brand disabled:opacity-60"
              >
                {mn.reviews.more(remaining)}
              </button>
            ) : null}
          </div>
        ) : (
          <p className="text-muted">{mn.reviews.empty}</p>
        )}
      </div>
    </section>
  );
}
