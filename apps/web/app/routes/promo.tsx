import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { CampaignCard } from '~/features/codes/campaign-card';
import { requestPath } from '~/lib/auth.server';
import { required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import type { Route } from './+types/promo';

const t = mn.codePages;

/** The public campaigns, with the loader's clock so the countdowns render alike on both sides. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const campaigns = await required(context.api.campaigns());
  return { path: requestPath(request).split('?')[0] ?? '', campaigns, now: Date.now() };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({ title: t.promoTitle, description: t.promoLead, path: loaderData?.path, baseUrl: baseUrlFrom(matches) });

/** `/promo`: the campaigns running (each with its code and countdown), and the plan discounts. */
export default function PromoPage({ loaderData }: Route.ComponentProps) {
  const { campaigns, now } = loaderData;
  return (
    <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t.promoTitle}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t.promoLead}</p>
      <Link
        to="/subs-sale"
        className="mt-5 flex items-center justify-between gap-3 rounded-2xl bg-red-50 px-5 py-3 font-semibold text-red-700 hover:bg-red-100"
      >
        <span>
          {t.salesLink}
          <span className="block text-sm font-normal">{t.salesHint}</span>
        </span>
        <span aria-hidden="true">→</span>
      </Link>
      {campaigns.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-surface px-5 py-8 text-center text-muted">{t.promoNone}</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {campaigns.map((campaign) => (
            <li key={campaign.code} className="flex">
              <CampaignCard campaign={campaign} now={now} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
