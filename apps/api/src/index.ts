// The API package's public entry: what the server, scripts and benchmarks compose the store
// from. Everything else in apps/api is the package's own (lint refuses deeper imports).
export { createApp, type AppOptions } from './app';
export { createModules, modules } from './modules/index';
export { createKernel, type KernelOptions } from './kernel/kernel';
export {
  composeModules,
  defineModule,
  jobsOf,
  type ComposedModules,
  type Kernel,
  type KernelLog,
  type ModuleServices,
} from './kernel/module';
export { transaction, type Ctx } from './kernel/unit-of-work';
export { AppError } from './errors';
export { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './plugins/request-guard';
export { logOptions } from './log-options';
export { internalCallToken, INTERNAL_CALL_HEADER } from './lib/internal-call';
export { acceptsCoding } from './lib/content-coding';
export { inProcessApi, type InProcessApi } from './lib/endpoint-route';
export { evictOldest } from './lib/evict-oldest';
export { offsetClock, type OffsetClock } from './lib/clock';
export { collectTags, isInvalidatedBy, noteTags, parseCacheTagHeader, tag } from './lib/cache-tags';
export { createInvalidationBus, type InvalidationBus } from './lib/invalidation';
export { OPERATOR } from './modules/staff/staff.service';
export type { AccountsOptions } from './modules/identity/accounts';
export type { PaymentsOptions } from './modules/billing/billing.settings';
export { mediaSettings, type MediaOptions } from './modules/media/media.settings';
export { facebookProvider } from './modules/identity/oauth';
export { DEFAULT_OTP_SENDS_PER_IP_HOUR, DEFAULT_OTP_VERIFIES_PER_IP } from './modules/identity/otp.service';
