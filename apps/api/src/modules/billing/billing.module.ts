import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { billingRoutes } from './billing.routes';
import {
  RECONCILE_GRACE_MS,
  billingService,
  issueReceiptJob,
  refundCardCheckJob,
  type BillingService,
} from './billing.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    billing: BillingService;
  }
}

/** Asks the rails about payments left pending (a lost callback, a process killed mid-way). */
export const reconcilePaymentsJob = defineJob('billing.reconcile', z.object({}).strict(), { maxAttempts: 3 });
/** Pending invoices whose time is up become expired. */
export const expireInvoicesJob = defineJob('billing.expire-invoices', z.object({}).strict(), { maxAttempts: 3 });

/** Invoices, payments on the rails, saved cards and receipts. */
export const billingModule = defineModule({
  name: 'billing',
  dependsOn: ['credits'],
  create: (kernel, { credits }) => billingService(kernel, { credits }),
  routes: billingRoutes,
  jobs: (billing, kernel) => [
    handle(reconcilePaymentsJob, async (ctx) => {
      const result = await billing.reconcile(ctx);
      if (result.checked > 0) kernel.log.info(result, 'pending payments reconciled');
    }),
    handle(issueReceiptJob, (ctx, { invoiceId }) => billing.issueReceipt(ctx, invoiceId)),
    handle(refundCardCheckJob, (ctx, { invoiceId }) => billing.refundCardCheck(ctx, invoiceId)),
    handle(expireInvoicesJob, async (ctx) => {
      const expired = await billing.expireOverdue(ctx);
      if (expired > 0) kernel.log.info({ expired }, 'overdue invoices expired');
    }),
  ],
  schedules: [
    { job: reconcilePaymentsJob, cron: '* * * * *' },
    { job: expireInvoicesJob, cron: '* * * * *' },
  ],
  // a payment captured just before the process stopped is granted as soon as it starts again:
  // once the grace has passed, every attempt made before the start is one reconciliation asks
  // about (at once, it would skip those of the last seconds until the next minute's run)
  async start(billing, kernel) {
    await kernel.jobs.enqueue(
      kernel.root,
      reconcilePaymentsJob,
      {},
      // no dedupe key: one left queued by the process that died may be due too early for this
      // start's payments (reconciling twice changes nothing)
      { runAt: new Date(kernel.clock.now().getTime() + RECONCILE_GRACE_MS) },
    );
  },
});
