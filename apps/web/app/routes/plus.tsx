import { Link } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import { CheckIcon, CrownIcon } from '~/ui/icons';
import type { Route } from './+types/plus';

const t = mn.subscriptionPages;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: t.plusTitle, description: t.description, path: '/plus', baseUrl: baseUrlFrom(matches) });

const SCOPES = [
  { to: '/subscription/audio', scope: 'audio' },
  { to: '/subscription/book', scope: 'ebook' },
  { to: '/subscription/summary', scope: 'summary' },
  { to: '/subscription/credit', scope: 'credit' },
] as const;

/** `/plus`: what a subscription gives, and the way to its plans. */
export default function PlusPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-12 lg:pt-12">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <CrownIcon width={24} height={24} />
      </span>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{t.plusTitle}</h1>
      <p className="mt-2 text-lg text-muted">{t.plusLead}</p>
      <ul className="mt-6 grid gap-3">
        {t.plusBenefits.map((benefit) => (
          <li key={benefit} className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
              <CheckIcon width={14} height={14} />
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {SCOPES.map(({ to, scope }) => (
          <li key={scope}>
            <Link to={to} className="block rounded-2xl border border-line bg-white p-4 hover:border-brand">
              <span className="font-bold">{t.scopeTitles[scope]}</span>
              <span className="mt-1 block text-sm text-muted">{t.scopeLeads[scope]}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/subscription" className={buttonClass('primary', 'lg', 'mt-8')}>
        {t.toPlans}
      </Link>
    </div>
  );
}
