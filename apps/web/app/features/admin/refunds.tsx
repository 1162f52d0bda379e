import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { REFUND_STATUSES, publicIdParams, type RefundView } from '@nomsan/contracts/money';
import { billingEndpoints } from '@nomsan/contracts/money.endpoints';
import { failureOf } from '~/lib/form';
import { formatDateTime, formatMnt } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { Spinner, TextField } from '~/ui/form';
import { CheckIcon } from '~/ui/icons';
import { FormAlert } from '~/ui/retry-notice';
import { isSessionLost, signInHref } from './access';
import { adminApi } from './admin-api';
import { ConfirmDialog } from './dialog';
import { useStaffForm } from './form';
import { Chip, Panel, SelectField, Submit, adminButton, type Tone } from './ui';

const t = mn.admin.refunds;
const steps = mn.money.refunds.steps;

export interface RefundFilter {
  status: string;
  invoice: string;
}

/** `/admin/refunds` with these filters (empty ones left out). */
export function refundsHref(filter: RefundFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.invoice.trim()) params.set('invoice', filter.invoice.trim());
  const query = params.toString();
  return query ? `/admin/refunds?${query}` : '/admin/refunds';
}

/** By status (`failed` first of all) and by invoice; kept in the URL. */
export function RefundFilters({ filter, error }: { filter: RefundFilter; error: string | null }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filter);
  const [shown, setShown] = useState(filter);
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(refundsHref(draft));
  }
  return (
    <form
      method="get"
      action="/admin/refunds"
      onSubmit={apply}
      aria-label={t.filters}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-end"
    >
      <SelectField
        label={t.status}
        name="status"
        value={draft.status}
        onChange={(event) => setDraft({ ...draft, status: event.target.value })}
        error={error ?? undefined}
      >
        <option value="">{t.anyStatus}</option>
        {REFUND_STATUSES.map((status) => (
          <option key={status} value={status}>
            {steps[status]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t.invoice}
        name="invoice"
        autoComplete="off"
        spellCheck={false}
        value={draft.invoice}
        onChange={(event) => setDraft({ ...draft, invoice: event.target.value })}
      />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={adminButton('primary', 'md', 'h-12 flex-1 lg:flex-none')}>
          {t.apply}
        </button>
        <Link to="/admin/refunds" className={adminButton('secondary', 'md', 'h-12')}>
          {t.clear}
        </Link>
      </div>
    </form>
  );
}

/** `staff:4` (the staff member's id, as billing records it) reads as the audit log names it. */
const requester = (by: string) => {
  const staff = /^staff:(\d+)$/.exec(by);
  return staff ? `${mn.admin.audit.objectTypes.staff} #${staff[1]}` : by;
};

const STATUS_TONES: Record<RefundView['status'], Tone> = {
  requested: 'warn',
  rail_refunded: 'info',
  receipt_returned: 'info',
  done: 'good',
  failed: 'bad',
};

/** Each refund with its steps; a failed one says where and why, and finance may try it again. */
export function RefundList({
  refunds,
  canRetry,
  onChanged,
}: {
  refunds: readonly RefundView[];
  canRetry: boolean;
  onChanged: () => void;
}) {
  if (refunds.length === 0) return <p className="px-4 py-8 text-center text-sm text-muted sm:px-5">{t.empty}</p>;
  return (
    <ul aria-label={t.list} className="divide-y divide-line">
      {refunds.map((refund) => (
        <li key={refund.id}>
          <RefundItem refund={refund} canRetry={canRetry} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}

function RefundItem({ refund, canRetry, onChanged }: { refund: RefundView; canRetry: boolean; onChanged: () => void }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [pending, setPending] = useState(false);
  async function retry() {
    setPending(true);
    try {
      await adminApi().call(billingEndpoints.retryRefund, { params: { id: refund.id } });
      toast.success(t.retried);
      onChanged();
    } catch (error) {
      const failure = failureOf(error);
      if (isSessionLost(failure)) void navigate(signInHref(`${pathname}${search}`));
      else toast.error(failure.message);
    } finally {
      setPending(false);
    }
  }
  const failedLabel = refund.failed_step
    ? (steps[refund.failed_step as keyof typeof steps] ?? refund.failed_step)
    : null;
  return (
    <article aria-label={`${formatMnt(refund.amount_mnt)} · ${refund.invoice_id}`} className="px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="text-base font-bold tabular-nums">{formatMnt(refund.amount_mnt)}</span>
            <Chip tone={STATUS_TONES[refund.status]}>{refund.status_text}</Chip>
            <span className="text-xs font-semibold text-muted uppercase">{refund.rail}</span>
          </p>
          <p className="mt-1 text-sm text-muted">
            {refund.reason_text} · {t.requestedBy}: {requester(refund.requested_by)}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs sm:text-right">
          <dt className="text-muted">{t.invoice}</dt>
          <dd className="font-mono break-all">{refund.invoice_id}</dd>
          <dt className="text-muted">{t.created}</dt>
          <dd className="tabular-nums">
            <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time>
          </dd>
        </dl>
      </div>
      <ol aria-label={t.steps} className="mt-3 grid gap-1 text-xs sm:flex sm:flex-wrap sm:gap-x-1 sm:gap-y-2">
        {refund.steps.map((step, index) => {
          const done = step.done_at !== null;
          const failedHere = refund.status === 'failed' && refund.failed_step === step.step;
          return (
            <li key={step.step} className="flex items-center gap-1">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={`hidden h-px w-4 sm:block ${done ? 'bg-emerald-400' : 'bg-line'}`}
                />
              ) : null}
              <span
                className={`inline-flex w-full items-center gap-1 rounded-md px-2 py-1 ring-1 ring-inset sm:w-auto ${
                  done
                    ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                    : failedHere
                      ? 'bg-red-50 text-red-800 ring-red-200'
                      : 'bg-white text-muted ring-line'
                }`}
              >
                {done ? <CheckIcon width={12} height={12} /> : null}
                <span className="font-semibold max-sm:flex-1">{step.label}</span>
                {step.done_at ? (
                  <time dateTime={step.done_at} className="tabular-nums opacity-80">
                    {formatDateTime(step.done_at).slice(5)}
                  </time>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      {refund.status === 'failed' ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2">
          <p className="min-w-0 text-sm text-red-800">
            {failedLabel ? <span className="font-semibold">{t.failedAt(failedLabel)}. </span> : null}
            {refund.last_error}
            <span className="ml-1 text-xs text-red-700/80">({t.attempts(refund.attempts)})</span>
          </p>
          {canRetry ? (
            <button
              type="button"
              onClick={() => void retry()}
              disabled={pending}
              className={adminButton('danger', 'sm')}
            >
              {pending ? <Spinner /> : null}
              {t.retry}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/** Refund a paid invoice by its id: checked with the API's id schema, then confirmed. */
export function RefundForm({ onRequested }: { onRequested: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [id, setId] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const form = useStaffForm(publicIdParams, ['id']);
  const next = () =>
    form.submit(formRef.current, { id: id.trim() }, async (body) => {
      setConfirming(body.id);
    });
  return (
    <Panel title={t.refundTitle} lead={t.refundLead}>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void next();
        }}
        className="space-y-3"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t.refundInvoice}
            hint={t.refundInvoiceHint}
            name="id"
            autoComplete="off"
            spellCheck={false}
            value={id}
            error={form.error('id')}
            onChange={(event) => {
              setId(event.target.value);
              form.clear('id');
            }}
            className="min-w-0 flex-1 [&_input]:font-mono"
          />
          <Submit pending={form.pending} className="h-12 sm:mt-7">
            {t.refundNext}
          </Submit>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={t.confirmTitle}
          text={t.confirmText(confirming)}
          confirmLabel={t.confirm}
          onClose={() => setConfirming(null)}
          onConfirm={async () => {
            await adminApi().call(billingEndpoints.refund, { params: { id: confirming } });
            toast.success(t.requested);
            setId('');
            onRequested();
          }}
        />
      ) : null}
    </Panel>
  );
}
