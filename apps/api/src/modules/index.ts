import { composeModules, type AnyModule, type ComposedModules } from '../kernel/module';
import { createKernel, type KernelOptions } from '../kernel/kernel';
import { accountModule } from './account/account.module';
import { analyticsModule } from './analytics/analytics.module';
import { billingModule } from './billing/billing.module';
import { catalogModule } from './catalog/catalog.module';
import { checkoutModule } from './checkout/checkout.module';
import { commerceModule } from './commerce/commerce.module';
import { creditsModule } from './credits/credits.module';
import { entitlementsModule } from './entitlements/entitlements.module';
import { identityModule } from './identity/identity.module';
import { jobsModule } from './jobs/jobs.module';
import { libraryModule } from './library/library.module';
import { mediaModule } from './media/media.module';
import { notificationsModule } from './notifications/notifications.module';
import { podcastsModule } from './podcasts/podcasts.module';
import { searchModule } from './search/search.module';
import { staffModule } from './staff/staff.module';
import { uploadsModule } from './uploads/uploads.module';

/**
 * Every module of the store. The API role, the worker role and the tests are composed from
 * this list (in dependency order, whatever the order here); a new domain adds its line.
 */
export const modules: readonly AnyModule[] = [
  jobsModule,
  identityModule,
  accountModule,
  podcastsModule,
  commerceModule,
  catalogModule,
  searchModule,
  creditsModule,
  entitlementsModule,
  billingModule,
  checkoutModule,
  analyticsModule,
  mediaModule,
  libraryModule,
  notificationsModule,
  staffModule,
  uploadsModule,
];

/** The kernel and every module's service for one process (or one test). */
export function createModules(options: KernelOptions): ComposedModules {
  return composeModules(modules, createKernel(options));
}
