import { mn } from '@nomsan/contracts/messages';
import type { Invoice } from '@nomsan/contracts/money';

const TONE: Record<Invoice['status'], string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  paid: 'bg-green-50 text-green-800 ring-green-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
  cancelled: 'bg-surface text-muted ring-line',
  expired: 'bg-surface text-muted ring-line',
  refunded: 'bg-blue-50 text-blue-800 ring-blue-200',
};

/** An invoice's or payment's state, in words and colour. */
export function StatusBadge({ status }: { status: Invoice['status'] }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${TONE[status]}`}>
      {mn.checkout.statuses[status]}
    </span>
  );
}
