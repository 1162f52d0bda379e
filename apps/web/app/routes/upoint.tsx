import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { upointRequest } from '@nomsan/contracts/money';
import { attempt, formText, invalid, requireUser } from '~/lib/auth.server';
import type { ActionResult } from '~/lib/form';
import { summaryOf } from '~/lib/form';
import { formatMnt } from '~/lib/format';
import { privatePageMeta } from '~/lib/meta';
import { FormMessage, PasswordField, SubmitButton, TextField } from '~/ui/form';
import type { Route } from './+types/upoint';

const t = mn.checkout.upointPage;

/** The attempt being paid is named by its reference (U-Point has no page of its own: this is it). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireUser(context, request);
  return { reference: new URL(request.url).searchParams.get('reference') ?? '' };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = () => privatePageMeta(t.title);

/** The member as U-Point knows them: eight digits are a phone number, more a card number. */
function requestOf(form: FormData) {
  const member = formText(form, 'member').replace(/\s+/g, '');
  return upointRequest.safeParse({
    reference: formText(form, 'reference'),
    pin: formText(form, 'pin'),
    ...(/^\d{8}$/.test(member) ? { mobile: member } : { card_number: member }),
  });
}

type Balance = { masked_card_number: string; points: number; value_mnt: number; amount_mnt: number; enough: boolean };

/** `check`: the points and what they pay; `pay`: spend them, then the payment's page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = requestOf(form);
  if (!parsed.success) return invalid(parsed.error);
  if (formText(form, 'intent') === 'pay') {
    const paid = await attempt(
      request,
      context.api.upointPay(parsed.data).then((payment) => ({ payment })),
    );
    if (paid.ok) throw redirect(`/payment/${paid.payment.id}`);
    return paid;
  }
  return attempt(
    request,
    context.api.upointBalance(parsed.data).then((balance) => ({ balance })),
  );
}

/** `/upoint`: pay an attempt with U-Point points, confirmed with the member's PIN. */
export default function UpointPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<ActionResult<{ balance: Balance }>>();
  const pending = useNavigation().state !== 'idle';
  const balance = result?.ok ? result.balance : null;
  const failure = result && !result.ok ? result : null;
  return (
    <div className="mx-auto max-w-md px-4 pt-8 pb-16">
      <h1 className="text-2xl font-extrabold tracking-tight">{t.title}</h1>
      <p className="mt-2 text-muted">{t.lead}</p>
      <Form method="post" className="mt-6 grid gap-4">
        <input type="hidden" name="reference" value={loaderData.reference} />
        <TextField
          label={t.member}
          name="member"
          inputMode="numeric"
          autoComplete="tel"
          required
          error={failure?.fields.mobile ?? failure?.fields.card_number}
        />
        <PasswordField
          label={t.pin}
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          required
          error={failure?.fields.pin}
        />
        {failure && summaryOf(failure) ? <FormMessage>{summaryOf(failure)}</FormMessage> : null}
        {balance ? (
          <dl className="grid grid-cols-2 gap-y-1 rounded-2xl bg-surface p-4 text-sm">
            <dt className="text-muted">{t.card}</dt>
            <dd className="text-right font-semibold">{balance.masked_card_number}</dd>
            <dt className="text-muted">{t.points}</dt>
            <dd className="text-right font-semibold">{balance.points}</dd>
            <dt className="text-muted">{t.value}</dt>
            <dd className="text-right font-semibold">{formatMnt(balance.value_mnt)}</dd>
            <dt className="text-muted">{t.toPay}</dt>
            <dd className="text-right text-lg font-extrabold">{formatMnt(balance.amount_mnt)}</dd>
          </dl>
        ) : null}
        {balance && !balance.enough ? <FormMessage>{t.notEnough}</FormMessage> : null}
        <input type="hidden" name="intent" value={balance?.enough ? 'pay' : 'check'} />
        <SubmitButton pending={pending}>{balance?.enough ? t.pay : t.check}</SubmitButton>
      </Form>
      <Link to="/settings/invoices" className="mt-6 inline-block text-sm font-semibold text-brand hover:underline">
        {t.otherWay}
      </Link>
    </div>
  );
}
