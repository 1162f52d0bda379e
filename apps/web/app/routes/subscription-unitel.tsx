import { Form, Link, useActionData, useNavigation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import {
  unitelOtpCheckRequest,
  unitelOtpSendRequest,
  unitelSubscriptionRequest,
  type Plan,
} from '@nomsan/contracts/subscriptions';
import { attempt, formText, invalid, requireSignedIn, requireUser } from '~/lib/auth.server';
import { summaryOf, type ActionResult } from '~/lib/form';
import { formatMnt } from '~/lib/format';
import { required } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { FormMessage, SubmitButton, TextField } from '~/ui/form';
import type { Route } from './+types/subscription-unitel';

const t = mn.unitel.page;

/** The plans sold through Unitel, the one asked for (`?plan=`) chosen, with those of its scope. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  const plans = await requireSignedIn(request, required(context.api.subscriptions.unitelPlans()));
  const asked = plans.find((plan) => plan.id === Number(new URL(request.url).searchParams.get('plan')));
  // the plan asked for among the others of its scope; none asked: every plan sold through Unitel
  const shown = asked ? plans.filter((plan) => plan.scope === asked.scope) : plans;
  return { plans: shown, planId: asked?.id ?? shown[0]?.id ?? 0 };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

type Step = 'phone' | 'code' | 'confirm' | 'done';
/** what the form carries from step to step (the token is the member's own, for ten minutes) */
interface Carried {
  step: Step;
  phone: string;
  token: string;
  key: string;
  planId: number;
  masked: string;
  subscriptionId: string;
}

/** `send`: Unitel texts a code; `check`: the code gives a consent token; `subscribe`: charged at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const api = context.api.subscriptions;
  const carried: Carried = {
    step: 'phone',
    phone: formText(form, 'phone').replace(/\s+/g, ''),
    token: formText(form, 'token'),
    key: formText(form, 'key') || crypto.randomUUID(),
    planId: Number(formText(form, 'plan_id')),
    masked: formText(form, 'masked'),
    subscriptionId: '',
  };
  const intent = formText(form, 'intent');
  const stay = (step: Step, result: ActionResult<object>) => ({ ...result, ...carried, step });
  if (intent === 'send') {
    const parsed = unitelOtpSendRequest.safeParse({ phone: carried.phone });
    if (!parsed.success) return stay('phone', invalid(parsed.error));
    const sent = await attempt(request, api.unitelSendOtp(parsed.data));
    return stay(sent.ok ? 'code' : 'phone', sent);
  }
  if (intent === 'check') {
    const parsed = unitelOtpCheckRequest.safeParse({ phone: carried.phone, code: formText(form, 'code').trim() });
    if (!parsed.success) return stay('code', invalid(parsed.error));
    const checked = await attempt(request, api.unitelCheckOtp(parsed.data));
    if (!checked.ok) return stay('code', checked);
    return { ...checked, ...carried, token: checked.token, masked: checked.phone_masked, step: 'confirm' as const };
  }
  const parsed = unitelSubscriptionRequest.safeParse({
    plan_id: carried.planId,
    phone: carried.phone,
    token: carried.token,
  });
  if (!parsed.success) return stay('confirm', invalid(parsed.error));
  const subscribed = await attempt(request, api.subscribeUnitel(parsed.data, carried.key));
  // a refusal ends this attempt: the next one gets a new key
  if (!subscribed.ok) return { ...stay('confirm', subscribed), key: crypto.randomUUID() };
  return { ...subscribed, ...carried, step: 'done' as const, subscriptionId: subscribed.subscription_id };
}

function PlanChoice({ plans, planId }: { plans: Plan[]; planId: number }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t.plan}</legend>
      <ul className="mt-2 grid gap-2">
        {plans.map((plan) => (
          <li key={plan.id} className="rounded-2xl border border-line px-4 py-3 has-[:checked]:border-brand">
            <label className="flex cursor-pointer items-center gap-3">
              <input
                type="radio"
                name="plan_id"
                value={plan.id}
                defaultChecked={plan.id === planId}
                className="size-4 accent-brand"
              />
              <span className="min-w-0 flex-1 font-semibold">{plan.name}</span>
              <span className="font-bold">{formatMnt(plan.price_mnt)}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** `/subscription/unitel`: a plan charged to the Unitel phone bill, the subscriber consenting with a code. */
export default function UnitelSubscriptionPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const pending = useNavigation().state !== 'idle';
  const step: Step = result?.step ?? 'phone';
  const failure = result && !result.ok ? result : null;
  const planId = result?.planId || loaderData.planId;
  const plan = loaderData.plans.find((p) => p.id === planId);

  if (step === 'done' && plan) {
    return (
      <div className="mx-auto max-w-md px-4 pt-8 pb-16">
        <h1 className="text-2xl font-extrabold tracking-tight">{t.done}</h1>
        <p role="status" className="mt-3 text-muted">
          {t.doneLead(plan.name)}
        </p>
        <Link to="/subscription" className="mt-6 inline-block font-semibold text-brand hover:underline">
          {t.toSubscriptions}
        </Link>
      </div>
    );
  }

  const intent = step === 'phone' ? 'send' : step === 'code' ? 'check' : 'subscribe';
  return (
    <div className="mx-auto max-w-md px-4 pt-8 pb-16">
      <h1 className="text-2xl font-extrabold tracking-tight">{t.title}</h1>
      <p className="mt-2 text-muted">{t.lead}</p>
      {loaderData.plans.length === 0 ? (
        <p className="mt-6">{t.noPlans}</p>
      ) : (
        <Form method="post" className="mt-6 grid gap-4">
          <PlanChoice plans={loaderData.plans} planId={planId} />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="token" value={result?.token ?? ''} />
          <input type="hidden" name="key" value={result?.key ?? ''} />
          <input type="hidden" name="masked" value={result?.masked ?? ''} />
          {step === 'phone' ? (
            <TextField
              label={t.phone}
              name="phone"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={8}
              required
              defaultValue={result?.phone ?? ''}
              error={failure?.fields.phone}
            />
          ) : (
            <>
              <input type="hidden" name="phone" value={result?.phone ?? ''} />
              <p className="rounded-2xl bg-surface px-4 py-3 text-sm">
                {step === 'code' ? t.codeSent(result?.phone ?? '') : t.confirmed(result?.masked ?? '')}
              </p>
            </>
          )}
          {step === 'code' ? (
            <TextField
              label={t.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              required
              error={failure?.fields.code}
            />
          ) : null}
          {failure && summaryOf(failure) ? <FormMessage>{summaryOf(failure)}</FormMessage> : null}
          <SubmitButton pending={pending}>
            {step === 'phone' ? t.getCode : step === 'code' ? t.check : t.confirm(formatMnt(plan?.price_mnt ?? 0))}
          </SubmitButton>
          {step !== 'phone' ? (
            <Link
              to={`/subscription/unitel?plan=${planId}`}
              reloadDocument
              className="text-sm font-semibold text-brand"
            >
              {t.another}
            </Link>
          ) : null}
        </Form>
      )}
      <Link to="/subscription" className="mt-4 inline-block text-sm font-semibold text-brand hover:underline">
        {t.otherWays}
      </Link>
    </div>
  );
}
