import { Link, NavLink, redirect } from 'react-router';
import { isApiError } from '@nomsan/contracts/client';
import type { PlanDiscount } from '@nomsan/contracts/codes';
import { mn } from '@nomsan/contracts/messages';
import { publicId } from '@nomsan/contracts/money';
import type { PlanScope } from '@nomsan/contracts/subscriptions';
import { MySubscriptions, type SubscriptionIntent } from '~/features/subscription/my-subscriptions';
import { PlanGrid } from '~/features/subscription/plan-grid';
import { attempt, checkSessionCookie, formText, invalid, requestPath } from '~/lib/auth.server';
import { formatDate } from '~/lib/format';
import { optional, required } from '~/lib/loaders.server';
import { baseUrlFrom, pageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import type { Route } from './+types/subscription';

const t = mn.subscriptionPages;

/** The pages of plans: all of them, or one scope's; the credit-books page is the credit plans'. */
const PAGES: Record<string, { scope: PlanScope | null; creditBooks?: true }> = {
  '/subscription': { scope: null },
  '/subscription/audio': { scope: 'audio' },
  '/subscription/book': { scope: 'ebook' },
  '/subscription/summary': { scope: 'summary' },
  '/subscription/credit': { scope: 'credit' },
  '/subscription/credit/creditbooks': { scope: 'credit', creditBooks: true },
};

function pageOf(request: Request) {
  const path = requestPath(request).split('?')[0]?.replace(/\/$/, '') ?? '';
  return { path, ...(PAGES[path] ?? { scope: null }) };
}

/**
 * The plans, rendered on the server for everyone; a member's subscriptions too (a session that
 * ended just shows the page as to a visitor).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageOf(request);
  const member = checkSessionCookie(request);
  const code = new URL(request.url).searchParams.get('code')?.trim().slice(0, 64) || null;
  const [plans, status, passes, offers, discount] = await Promise.all([
    required(context.api.subscriptions.plans()),
    member ? optional(context.api.subscriptions.status(), null) : null,
    member
      ? optional(
          context.api.subscriptions.passes().then((answer) => answer.passes),
          [],
        )
      : [],
    optional(
      context.api.subscriptions.salesOffer().then((offer) => offer.options),
      [],
    ),
    // a promo code's discount on the first period (`?code=`, the coupon page's link): its terms,
    // or why it cannot be taken; a visitor signs in first
    code && member ? planDiscountOf(context.api.planDiscount(code)) : null,
  ]);
  return { ...page, plans, status, passes, offersRunning: offers.length, code, discount };
}

async function planDiscountOf(
  promise: Promise<PlanDiscount>,
): Promise<{ ok: true; terms: PlanDiscount } | { ok: false; message: string }> {
  try {
    return { ok: true, terms: await promise };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** Cancel, resume, renew (its invoice to pay) or change plan (an upgrade's invoice to pay). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const id = publicId.safeParse(formText(form, 'id'));
  if (!id.success) return invalid(id.error);
  const api = context.api.subscriptions;
  switch (formText(form, 'intent') as SubscriptionIntent) {
    case 'cancel':
      return attempt(
        request,
        api.cancel(id.data).then((sub) => ({ message: t.cancelled(formatDate(sub.current_period_end ?? '')) })),
      );
    case 'resume':
      return attempt(
        request,
        api.resume(id.data).then(() => ({ message: t.resumed })),
      );
    case 'renew': {
      const result = await attempt(request, api.renew(id.data));
      return result.ok ? redirect(`/invoice/${result.invoice.id}`) : result;
    }
    case 'change': {
      const result = await attempt(request, api.changePlan(id.data, Number(formText(form, 'plan_id'))));
      if (!result.ok) return result;
      if (result.invoice_id) return redirect(`/invoice/${result.invoice_id}`);
      const next = result.subscription.next_plan ?? result.subscription.plan;
      return {
        ok: true as const,
        message: t.changeScheduled(next.name, formatDate(result.subscription.current_period_end ?? '')),
      };
    }
    default:
      return null;
  }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const scope = loaderData?.scope ?? null;
  return pageMeta({
    title: loaderData?.creditBooks ? t.creditBooks : scope ? t.scopeTitles[scope] : t.title,
    description: scope ? t.scopeLeads[scope] : t.description,
    path: loaderData?.path,
    baseUrl: baseUrlFrom(matches),
  });
};

/** The promo code the page was opened with: its discount, or why it cannot be taken. */
function CodeNotice({ code, discount }: { code: string; discount: Awaited<ReturnType<typeof planDiscountOf>> | null }) {
  if (discount === null) {
    // a visitor: the discount is checked once they are signed in (the link comes back here)
    return <p className="mt-5 rounded-2xl bg-surface px-5 py-3 text-sm">{t.codeSignIn(code)}</p>;
  }
  if (!discount.ok) {
    return (
      <p role="alert" className="mt-5 rounded-2xl bg-red-50 px-5 py-3 text-sm text-red-700">
        {code}: {discount.message}
      </p>
    );
  }
  const { terms } = discount;
  return (
    <section
      aria-label={t.codeApplied}
      className="mt-5 rounded-2xl bg-green-50 px-5 py-3 text-green-900 ring-1 ring-green-200"
    >
      <p className="font-semibold">
        {t.codeApplied}: <span className="font-mono">{terms.code}</span>
      </p>
      <p className="text-sm">
        {mn.codePages.benefitPlanDiscount(
          terms.percent,
          terms.scope === null ? null : mn.codePages.planScopes[terms.scope],
        )}
      </p>
    </section>
  );
}

const SCOPE_LINKS = [
  { to: '/subscription', label: t.allPlans, end: true },
  { to: '/subscription/audio', label: t.scopes.audio },
  { to: '/subscription/book', label: t.scopes.ebook },
  { to: '/subscription/summary', label: t.scopes.summary },
  { to: '/subscription/credit', label: t.scopes.credit },
];

/**
 * `/subscription` and its scope pages (`/audio`, `/book`, `/summary`, `/credit`,
 * `/credit/creditbooks`): the plans on sale and, for a member, "My subscriptions".
 */
export default function SubscriptionPage({ loaderData }: Route.ComponentProps) {
  const { scope, creditBooks, plans, status, passes, offersRunning, code, discount } = loaderData;
  const shown = scope ? plans.filter((plan) => plan.scope === scope) : plans;
  const mine = (status?.subscriptions ?? []).filter((sub) => scope === null || sub.plan.scope === scope);
  const held = new Set(mine.filter((sub) => sub.status !== 'expired').map((sub) => sub.plan.id));
  return (
    <div className="mx-auto max-w-screen-xl px-4 pt-6 pb-12 lg:px-6 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {creditBooks ? t.creditBooks : scope ? t.scopeTitles[scope] : t.title}
      </h1>
      <p className="mt-2 max-w-2xl text-muted">{scope ? t.scopeLeads[scope] : t.lead}</p>

      <nav aria-label={t.title} className="mt-5">
        <ul className="scrollbar-none flex gap-2 overflow-x-auto">
          {SCOPE_LINKS.map((link) => (
            <li key={link.to} className="shrink-0">
              <NavLink
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  `inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold ${
                    isActive ? 'border-brand bg-brand text-white' : 'border-line hover:border-brand hover:text-brand'
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      {offersRunning > 0 ? (
        <Link
          to="/subs-sale"
          className="mt-5 flex items-center justify-between gap-3 rounded-2xl bg-red-50 px-5 py-3 font-semibold text-red-700 hover:bg-red-100"
        >
          {t.offersTitle}
          <span aria-hidden="true">→</span>
        </Link>
      ) : null}

      {status ? (
        <div className="mt-6">
          <MySubscriptions
            subscriptions={mine}
            plans={plans}
            passes={passes.filter((pass) => scope === null || pass.scope === scope)}
          />
        </div>
      ) : null}

      {creditBooks ? (
        <section className="mt-6 rounded-2xl bg-surface p-5">
          <p className="text-muted">{t.creditBooksLead}</p>
          <Link to="/my-library/my-credit-books" className={buttonClass('secondary', 'sm', 'mt-3')}>
            {t.creditBooksLink}
          </Link>
        </section>
      ) : scope === 'credit' ? (
        <Link to="/subscription/credit/creditbooks" className="mt-6 inline-block font-semibold text-brand underline">
          {t.creditBooks}
        </Link>
      ) : null}

      {code ? <CodeNotice code={code} discount={discount} /> : null}

      <div className="mt-8">
        <PlanGrid
          plans={shown}
          member={status !== null}
          heldPlanIds={held}
          discount={discount?.ok ? discount.terms : null}
        />
      </div>
    </div>
  );
}
