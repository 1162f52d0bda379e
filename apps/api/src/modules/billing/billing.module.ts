import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { billingRoutes } from './billing.routes';
import { renewSubscriptionJob, subscriptionsDueJob, subscriptionsService } from './subscriptions.service';
import { RECONCILE_GRACE_MS, billingService, issueReceiptJob, type BillingModuleService } from './billing.service';
import { refundStepJob } from './refunds.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    billing: BillingModuleService;
  }
}

/** Asks the rails about payments left pending (a lost callback, a process killed mid-way). */
export const reconcilePaymentsJob = defineJob('billing.reconcile', z.object({}).strict(), { maxAttempts: 3 });
/** Pending invoices whose time is up become expired. */
export const expireInvoicesJob = defineJob('billing.expire-invoices', z.object({}).strict(), { maxAttempts: 3 });

/** Invoices, payments on the rails, saved cards, receipts and subscriptions. */
export const billingModule = defineModule({
  name: 'billing',
  dependsOn: ['credits', 'entitlements', 'notifications'],
  create: (kernel, { credits, entitlements, notifications }): BillingModuleService => {
    const billing = billingService(kernel, { credits, notify: notifications.notify });
    const subscriptions = subscriptionsService(kernel, billing, {
      credits,
      entitlements,
      notify: notifications.notify,
    });
    return Object.assign(billing, { subscriptions });
  },
  routes: billingRoutes,
  jobs: (billing, kernel) => [
    handle(reconcilePaymentsJob, async (ctx) => {
      const result = await billing.reconcile(ctx);
      if (result.checked > 0) kernel.log.info(result, 'pending payments reconciled');
    }),
    handle(issueReceiptJob, (ctx, { invoiceId }) => billing.issueReceipt(ctx, invoiceId)),
    handle(refundStepJob, (ctx, { refundId }, job) => billing.refunds.advance(ctx, refundId, job)),
    handle(renewSubscriptionJob, (ctx, { subscriptionId, period }) =>
      billing.subscriptions.renew(ctx, subscriptionId, period),
    ),
    handle(subscriptionsDueJob, async (ctx) => {
      const result = await billing.subscriptions.runDue(ctx);
      if (result.renewals + result.expired + result.warned > 0) kernel.log.info(result, 'subscriptions due');
    }),
    handle(expireInvoicesJob, async (ctx) => {
      const expired = await billing.expireOverdue(ctx);
      if (expired > 0) kernel.log.info({ expired }, 'overdue invoices expired');
    }),
  ],
  schedules: [
    { job: reconcilePaymentsJob, cron: '* * * * *' },
    { job: expireInvoicesJob, cron: '* * * * *' },
    { job: subscriptionsDueJob, cron: '* * * * *' },
  ],
  // a payment captured just before the process stopped is granted as soon as it starts again:
  // once the grace has passed, every attempt made before the start is one reconciliation asks
  // about (at once, it would skip those of the last seconds until the next minute's run)
  async start(billing, kernel) {
    const unhandled = billing.unhandledLines();
    if (unhandled.length > 0) throw new Error(`no module handles invoice lines of type ${unhandled.join(', ')}`);
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
