import { Link } from 'react-router';
import type { GiftCard } from '@nomsan/contracts/codes';
import { mn } from '@nomsan/contracts/messages';
import { requireSignedIn } from '~/lib/auth.server';
import { formatDate } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import type { Route } from './+types/my-library-cards';

const t = mn.codePages;

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireSignedIn(request, context.api.giftCards());
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(`${t.cardsTitle} · ${mn.library.title}`);

function CardList({ cards, side, empty }: { cards: GiftCard[]; side: 'sent' | 'received'; empty: string }) {
  if (cards.length === 0) {
    return (
      <p className="mt-3 rounded-2xl bg-surface px-5 py-6 text-muted">
        {empty}{' '}
        <Link to="/gift" className="font-semibold text-brand hover:underline">
          {t.sendGift}
        </Link>
      </p>
    );
  }
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2">
      {cards.map((card) => (
        <li key={card.code} className="rounded-2xl border border-line bg-white p-4">
          <p className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold">{card.title}</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
                card.redeemed ? 'bg-green-50 text-green-700' : 'bg-amber-50 text-amber-700'
              }`}
            >
              {card.redeemed ? t.isRedeemed : t.notRedeemed}
            </span>
          </p>
          <p className="mt-2 font-mono text-lg font-bold tracking-wider">{card.code}</p>
          {side === 'sent' && card.recipient ? <p className="mt-1 text-sm">{t.to(card.recipient)}</p> : null}
          {card.message ? <p className="mt-1 text-sm text-muted italic">«{card.message}»</p> : null}
          <p className="mt-2 text-xs text-muted">
            {t.sentAt(formatDate(card.created_at))}
            {card.redeemed_at ? ` · ${t.redeemedAt(formatDate(card.redeemed_at))}` : ''}
            {card.ends_at ? ` · ${t.endsAt(formatDate(card.ends_at))}` : ''}
          </p>
          {side === 'received' && !card.redeemed ? (
            <Link
              to={`/coupon/${encodeURIComponent(card.code)}`}
              className="mt-3 inline-flex h-9 items-center rounded-full bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark"
            >
              {t.activate}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** `/my-library/cards`: the gift cards the member sent (for whom, redeemed or not) and received. */
export default function LibraryCards({ loaderData }: Route.ComponentProps) {
  const { sent, received } = loaderData;
  return (
    <div className="space-y-10">
      <section aria-labelledby="cards-sent">
        <h2 id="cards-sent" className="text-lg font-bold">
          {t.sent}
        </h2>
        <CardList cards={sent} side="sent" empty={t.sentEmpty} />
      </section>
      <section aria-labelledby="cards-received">
        <h2 id="cards-received" className="text-lg font-bold">
          {t.received}
        </h2>
        <CardList cards={received} side="received" empty={t.receivedEmpty} />
      </section>
    </div>
  );
}
