import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { SettingsSection } from '~/features/account/settings-nav';
import { ItemGrid } from '~/features/catalog/item-grid';
import { CreditPackList } from '~/features/checkout/credit-packs';
import { requireSignedIn } from '~/lib/auth.server';
import { formatDateTime } from '~/lib/format';
import { optional, pageParam, requirePageInRange } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { CoinsIcon } from '~/ui/icons';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/settings-credit-transactions';

const t = mn.moneyPages;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request);
  const [summary, ledger, packs, unlockable] = await Promise.all([
    requireSignedIn(request, context.api.creditSummary()),
    requireSignedIn(request, context.api.creditTransactions(page)),
    // the packs on sale and what credits unlock are offers beside the balance: the page stands without them
    optional(context.api.creditPacks(), []),
    optional(
      context.api.creditRentables(1, 6).then((list) => list.data),
      [],
    ),
  ]);
  requirePageInRange(page, ledger.last_page);
  return { balance: summary.balance, ledger, packs, unlockable };
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.credits);

/** +3, −1 (a real minus sign), 0 */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta < 0 ? `\u2212${-delta}` : '0');

/** `/settings/credit-transactions`: the balance, the packs on sale, and every change to the balance. */
export default function CreditSettings({ loaderData }: Route.ComponentProps) {
  const { balance, ledger, packs, unlockable } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <SettingsSection title={t.credits} lead={t.creditsLead}>
      <div className="flex items-center gap-4 rounded-2xl bg-brand-soft p-5">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-brand">
          <CoinsIcon width={26} height={26} />
        </span>
        <div>
          <p className="text-sm font-semibold text-brand">{t.balance}</p>
          <p className="text-3xl font-extrabold tracking-tight">{mn.offers.credits(balance)}</p>
        </div>
      </div>

      {packs.length > 0 ? (
        <section aria-labelledby="credit-packs" className="mt-8">
          <h3 id="credit-packs" className="mb-3 text-lg font-bold">
            {t.packs}
          </h3>
          <CreditPackList packs={packs} />
        </section>
      ) : null}

      {unlockable.length > 0 ? (
        <section aria-labelledby="credit-unlockable" className="mt-8">
          <h3 id="credit-unlockable" className="mb-3 text-lg font-bold">
            {mn.checkout.unlockable}
          </h3>
          <ItemGrid items={unlockable} label={mn.checkout.unlockable} />
        </section>
      ) : null}

      <section aria-labelledby="credit-history" className="mt-8">
        <h3 id="credit-history" className="mb-3 text-lg font-bold">
          {t.history}
        </h3>
        {ledger.total === 0 ? (
          <p className="rounded-2xl bg-surface px-5 py-8 text-center text-sm text-muted">{t.historyEmpty}</p>
        ) : (
          <>
            <ul aria-label={t.history} className="divide-y divide-line rounded-2xl border border-line">
              {ledger.data.map((entry) => (
                <li key={entry.id} className="flex items-center gap-4 p-4 sm:px-5">
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{entry.description}</p>
                    <p className="mt-1 text-sm text-muted">
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                    </p>
                  </div>
                  <div className="shrink-0 text-right">
                    <p
                      className={`text-lg font-bold tabular-nums ${
                        entry.delta > 0 ? 'text-emerald-700' : entry.delta < 0 ? 'text-red-700' : 'text-muted'
                      }`}
                    >
                      {signed(entry.delta)}
                    </p>
                    <p className="text-xs whitespace-nowrap text-muted">{t.balanceAfter(entry.balance_after)}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Pagination pathname={pathname} search={search} current={ledger.current_page} last={ledger.last_page} />
          </>
        )}
      </section>
    </SettingsSection>
  );
}
