import { useId, useState } from 'react';
import { useFetcher } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { MemberPass, Plan, Subscription } from '@nomsan/contracts/subscriptions';
import { formatDate } from '~/lib/format';
import type { ActionResult } from '~/lib/form';
import { buttonClass } from '~/ui/buttons';
import { FormMessage } from '~/ui/form';
import { PassList } from './pass-list';

const t = mn.subscriptionPages;

/** What the page's action answers for a subscription: a sentence to show (the paying ones redirect). */
export type SubscriptionActionResult = ActionResult<{ message: string }>;

/** The intents the page's action takes, with the fields each sends. */
export type SubscriptionIntent = 'cancel' | 'resume' | 'renew' | 'change';

const STATUS_TONE = {
  active: 'bg-emerald-50 text-emerald-800',
  cancelled: 'bg-amber-50 text-amber-800',
  past_due: 'bg-red-50 text-red-700',
  expired: 'bg-surface text-muted',
} as const;

/**
 * "My subscriptions": each live subscription with its state in words, until when, whether it
 * renews and on which card, the grace of a failed renewal, and what the member can do with it
 * (cancel, resume, renew, change plan). The actions post to the page's action.
 */
export function MySubscriptions({
  subscriptions,
  plans,
  passes,
}: {
  subscriptions: Subscription[];
  plans: Plan[];
  passes: MemberPass[];
}) {
  const headingId = useId();
  const live = subscriptions.filter((sub) => sub.status !== 'expired');
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        {t.mine}
      </h2>
      {live.length === 0 && passes.length === 0 ? <p className="mt-2 text-muted">{t.mineEmpty}</p> : null}
      {live.length === 0 ? null : (
        <ul className="mt-4 grid gap-4">
          {live.map((sub) => (
            <SubscriptionRow
              key={sub.id}
              sub={sub}
              others={plans.filter((plan) => plan.scope === sub.plan.scope && plan.id !== sub.plan.id)}
            />
          ))}
        </ul>
      )}
      {passes.length > 0 ? (
        <div className="mt-5">
          <PassList passes={passes} />
        </div>
      ) : null}
    </section>
  );
}

function SubscriptionRow({ sub, others }: { sub: Subscription; others: Plan[] }) {
  const fetcher = useFetcher<SubscriptionActionResult>({ key: `subscription-${sub.id}` });
  const [open, setOpen] = useState<'cancel' | 'change' | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const until = sub.current_period_end ? formatDate(sub.current_period_end) : null;
  const live = sub.status === 'active' || sub.status === 'past_due';
  const canCancel = live && sub.renews;
  const canResume = sub.status === 'cancelled' && sub.ended_at === null;
  const canRenew = sub.status !== 'cancelled' && (sub.renewal === 'none' || sub.status === 'past_due');
  const canChange = sub.status === 'active' && others.length > 0;
  const post = (intent: SubscriptionIntent, extra: Record<string, string> = {}) => {
    setOpen(null);
    void fetcher.submit({ intent, id: sub.id, ...extra }, { method: 'post' });
  };

  return (
    <li aria-label={sub.plan.name} className="rounded-2xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold">{sub.plan.name}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[sub.status]}`}>
          {t.statuses[sub.status]}
        </span>
        <span className="text-sm text-muted">{t.scopes[sub.plan.scope]}</span>
      </div>
      <div className="mt-2 grid gap-1 text-sm">
        {until ? <p className="font-semibold">{t.until(until)}</p> : null}
        <p className="text-muted">
          {sub.renews && until ? (sub.renewal === 'carrier' ? t.renewsByCarrier : t.renewsOn(until)) : t.notRenewing}
        </p>
        {sub.card ? <p className="text-muted">{t.card(`${sub.card.brand} ${sub.card.masked_number}`.trim())}</p> : null}
        {sub.next_plan ? <p className="text-muted">{t.nextPlan(sub.next_plan.name)}</p> : null}
      </div>
      {sub.status === 'past_due' && sub.grace_ends_at ? (
        <p role="note" className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t.grace(formatDate(sub.grace_ends_at))}
        </p>
      ) : null}
      {result ? (
        <div className="mt-3">
          <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
        </div>
      ) : null}

      {open === 'cancel' ? (
        <div role="group" aria-label={t.cancel} className="mt-3 rounded-xl bg-surface p-3">
          <p className="text-sm">{t.cancelConfirm(until ?? '')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" onClick={() => post('cancel')} className={buttonClass('danger', 'sm')}>
              {t.cancelYes}
            </button>
            <button type="button" onClick={() => setOpen(null)} className={buttonClass('secondary', 'sm')}>
              {t.keep}
            </button>
          </div>
        </div>
      ) : null}

      {open === 'change' ? (
        <fetcher.Form method="post" className="mt-3 rounded-xl bg-surface p-3" onSubmit={() => setOpen(null)}>
          <input type="hidden" name="intent" value="change" />
          <input type="hidden" name="id" value={sub.id} />
          <p className="text-sm text-muted">{t.changePlanLead}</p>
          <label className="mt-3 block text-sm font-semibold">
            {t.changeTo}
            <select
              name="plan_id"
              className="mt-1 block h-11 w-full rounded-xl border border-line bg-white px-3 font-normal"
            >
              {others.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name} · {t.months(plan.period_months)}
                </option>
              ))}
            </select>
          </label>
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass('primary', 'sm')}>
              {t.changeSubmit}
            </button>
            <button type="button" onClick={() => setOpen(null)} className={buttonClass('secondary', 'sm')}>
              {t.keep}
            </button>
          </div>
        </fetcher.Form>
      ) : null}

      {open === null ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {canRenew ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => post('renew')}
              className={buttonClass('primary', 'sm')}
            >
              {t.renew}
            </button>
          ) : null}
          {canResume ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => post('resume')}
              className={buttonClass('primary', 'sm')}
            >
              {t.resume}
            </button>
          ) : null}
          {canChange ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => setOpen('change')}
              className={buttonClass('secondary', 'sm')}
            >
              {t.changePlan}
            </button>
          ) : null}
          {canCancel ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => setOpen('cancel')}
              className={buttonClass('ghost', 'sm', 'text-red-700')}
            >
              {t.cancel}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
