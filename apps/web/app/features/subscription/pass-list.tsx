import { useId } from 'react';
import { mn } from '@nomsan/contracts/messages';
import type { MemberPass } from '@nomsan/contracts/subscriptions';
import { formatDate } from '~/lib/format';

const t = mn.subscriptionPages.passes;

const sourceOf = (pass: MemberPass) =>
  pass.source === 'subscription' ? t.sources.subscription : t.sources[pass.source](pass.title ?? '');

/**
 * "Your passes": every pass in force or ahead, whatever gave it (a subscription, a promo code,
 * a gift card), with what it opens and from when until when (Ulaanbaatar dates). Nothing when
 * the member holds none.
 */
export function PassList({ passes }: { passes: MemberPass[] }) {
  const headingId = useId();
  if (passes.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-bold">
        {t.heading}
      </h3>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {passes.map((pass) => (
          <li
            key={`${pass.source}:${pass.scope}:${pass.starts_at}`}
            className="rounded-2xl border border-line bg-white p-4"
          >
            <p className="font-semibold break-words">{t.opens[pass.scope]}</p>
            <p className="mt-1 text-sm break-words text-muted">{sourceOf(pass)}</p>
            <p className="mt-1 text-sm">{t.dates(formatDate(pass.starts_at), formatDate(pass.ends_at))}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
