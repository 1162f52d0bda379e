import { Link, useLocation } from 'react-router';
import type { Invoice } from '@nomsan/contracts/money';
import { mn } from '@nomsan/contracts/messages';
import { SettingsSection } from '~/features/account/settings-nav';
import { requireSignedIn } from '~/lib/auth.server';
import { formatDateTime, formatMnt } from '~/lib/format';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { buttonClass } from '~/ui/buttons';
import { ChevronRightIcon } from '~/ui/icons';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/settings-invoices';

const t = mn.moneyPages;

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request);
  const invoices = await requireSignedIn(request, context.api.invoices(page));
  requirePageInRange(page, invoices.last_page);
  return { invoices };
}

export const meta: Route.MetaFunction = () => privatePageMeta(t.invoices);

const STATUS_TONES: Record<Invoice['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  expired: 'bg-surface text-muted ring-line',
  cancelled: 'bg-surface text-muted ring-line',
  failed: 'bg-red-50 text-red-800 ring-red-200',
  refunded: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** An invoice's amount: in credits when credits paid it, else in tögrög. */
const amountOf = (invoice: Invoice) =>
  invoice.amount_credits > 0 ? mn.offers.credits(invoice.amount_credits) : formatMnt(invoice.amount_mnt);

/** `/settings/invoices`: the member's invoices, newest first, each opening its own page. */
export default function InvoiceSettings({ loaderData }: Route.ComponentProps) {
  const { invoices } = loaderData;
  const { pathname, search } = useLocation();
  return (
    <SettingsSection title={t.invoices} lead={t.invoicesLead}>
      {invoices.total === 0 ? (
        <div className="rounded-2xl bg-surface px-6 py-10 text-center">
          <p className="font-bold">{t.invoicesEmptyTitle}</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-muted">{t.invoicesEmptyHint}</p>
          <Link to="/book" className={buttonClass('primary', 'md', 'mt-5')}>
            {t.browseBooks}
          </Link>
        </div>
      ) : (
        <>
          <ul aria-label={t.invoices} className="divide-y divide-line rounded-2xl border border-line">
            {invoices.data.map((invoice) => (
              <li key={invoice.id}>
                <Link
                  to={`/invoice/${invoice.id}`}
                  className="group flex items-center gap-3 p-4 first:rounded-t-2xl last:rounded-b-2xl hover:bg-surface sm:p-5"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words group-hover:text-brand">{invoice.description}</p>
                    <p className="mt-1 text-sm text-muted">
                      <time dateTime={invoice.created_at}>{formatDateTime(invoice.created_at)}</time>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1.5">
                    <span className="font-bold whitespace-nowrap">{amountOf(invoice)}</span>
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_TONES[invoice.status]}`}
                    >
                      {t.invoiceStatus[invoice.status]}
                    </span>
                  </div>
                  <ChevronRightIcon width={18} height={18} className="shrink-0 text-muted group-hover:text-brand" />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination pathname={pathname} search={search} current={invoices.current_page} last={invoices.last_page} />
        </>
      )}
    </SettingsSection>
  );
}
