import { z } from 'zod';
import { defineModule } from '../../kernel/module';
import { defineJob, handle } from '../jobs/jobs.service';
import { checkoutRoutes } from './checkout.routes';
import { checkoutService, type CheckoutService } from './checkout.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    checkout: CheckoutService;
  }
}

/** Tells members of titles they use leaving the catalogue (hourly). */
export const titlesLeavingJob = defineJob('checkout.titles-leaving', z.object({}).strict(), { maxAttempts: 3 });

/** Forgets Idempotency-Keys older than a day (hourly). */
export const pruneKeysJob = defineJob('checkout.prune-keys', z.object({}).strict(), { maxAttempts: 3 });

/** Tells members of rentals ending and ended (every minute). */
export const rentalsDueJob = defineJob('checkout.rentals-due', z.object({}).strict(), { maxAttempts: 3 });

/**
 * Buying: the purchase flows over commerce's offers, billing's invoices, credits and
 * entitlements. Apart from commerce because the catalogue reads commerce's offers, and a
 * purchase reads the catalogue's titles (ADR 021).
 */
export const checkoutModule = defineModule({
  name: 'checkout',
  dependsOn: ['identity', 'catalog', 'commerce', 'billing', 'credits', 'entitlements', 'notifications', 'library'],
  create: (kernel, deps) => checkoutService(kernel, deps),
  routes: checkoutRoutes,
  jobs: (checkout) => [
    handle(rentalsDueJob, (ctx) => checkout.rentalsDue(ctx).then(() => undefined)),
    handle(titlesLeavingJob, (ctx) => checkout.titlesLeaving(ctx).then(() => undefined)),
    handle(pruneKeysJob, (ctx) => checkout.pruneKeys(ctx).then(() => undefined)),
  ],
  schedules: [
    { job: rentalsDueJob, cron: '* * * * *' },
    { job: titlesLeavingJob, cron: '5 * * * *' },
    { job: pruneKeysJob, cron: '35 * * * *' },
  ],
});
