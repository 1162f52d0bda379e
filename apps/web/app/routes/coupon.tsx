import { Form, Link, useNavigation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { benefitText } from '~/features/codes/benefit';
import { attempt, formText, requestPath, requireUser } from '~/lib/auth.server';
import { privatePageMeta } from '~/lib/meta';
import { useRetryWait } from '~/lib/retry-wait';
import { buttonClass } from '~/ui/buttons';
import { FormMessage, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import type { Route } from './+types/coupon';

const t = mn.codePages;

/** Members only: a visitor signs in first and comes back here, the code still in the path. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireUser(context, request);
  return { code: params.slug ?? '', path: requestPath(request) };
}

/** Redeems the code: what it gave, or the API's refusal in Mongolian (with its wait, if any). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const code = formText(form, 'code').trim();
  if (!code)
    return { ok: false as const, status: 400, code: 'VALIDATION_ERROR', message: mn.codes.codeRequired, fields: {} };
  return attempt(request, context.api.redeemCode(code));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.couponTitle);

/** `/coupon/:slug?`: a promo code or a gift card's code, prefilled from the link, to activate. */
export default function CouponPage({ loaderData, actionData }: Route.ComponentProps) {
  const { code } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const failure = actionData && !actionData.ok ? actionData : null;
  const { wait, over, end } = useRetryWait(failure);
  return (
    <div className="mx-auto max-w-xl px-4 pt-6 pb-12 lg:pt-10">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t.couponTitle}</h1>
      <p className="mt-2 text-muted">{t.couponLead}</p>
      {actionData?.ok ? (
        <section
          aria-label={actionData.benefit.type === 'plan_discount' ? t.codeValid : t.activated}
          className="mt-6 rounded-3xl border border-line bg-white p-6"
        >
          {/* a plan discount is not used yet: it is taken by the subscription it opens */}
          <FormMessage tone="success">
            {actionData.benefit.type === 'plan_discount' ? t.codeValid : t.activated}
          </FormMessage>
          <p className="mt-4 text-sm text-muted">{t.gave}</p>
          <p className="mt-1 text-xl font-extrabold">{actionData.title}</p>
          <p className="mt-1 text-lg font-bold text-brand">{benefitText(actionData.benefit)}</p>
          {actionData.message ? (
            <blockquote className="mt-4 rounded-2xl bg-surface px-4 py-3 text-sm">
              <span className="block text-muted">{t.giftFrom}</span>
              {actionData.message}
            </blockquote>
          ) : null}
          <Link to={actionData.link} className={buttonClass('primary', 'lg', 'mt-6')}>
            {actionData.benefit.type === 'plan_discount' ? t.choosePlan : t.useIt}
          </Link>
        </section>
      ) : (
        <Form method="post" className="mt-6 grid gap-4 rounded-3xl border border-line bg-white p-6">
          {over ? null : <FormAlert message={failure?.message ?? null} wait={wait} onWaitEnd={end} />}
          <TextField
            label={t.codeLabel}
            name="code"
            defaultValue={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            maxLength={64}
            className="font-mono"
          />
          <button type="submit" disabled={busy || (wait !== null && !over)} className={buttonClass('primary', 'lg')}>
            {busy ? t.activating : t.activate}
          </button>
        </Form>
      )}
    </div>
  );
}
