import { randomBytes } from 'node:crypto';
import { createLimiter } from '../../lib/limiter';
import { defineModule, type Kernel } from '../../kernel/module';
import { DEFAULT_SESSION_LIFETIMES, type IdentitySettings } from './accounts';
import { identityRoutes } from './identity.routes';
import { identityService, type IdentityService } from './identity.service';
import { otpService } from './otp.service';
import { sessionPlugin } from './session';
import { sessionsService, type SessionsService } from './sessions.service';
import { defineJob, handle } from '../jobs/jobs.service';
import { z } from 'zod';

export interface IdentityModule {
  /** accounts: sign-up, sign-in, profile and password */
  users: IdentityService;
  sessions: SessionsService;
  settings: IdentitySettings;
}

declare module '../../kernel/module' {
  interface ModuleServices {
    identity: IdentityModule;
  }
}

/** Codes and sessions that ended over 30 days ago go. */
export const pruneIdentityJob = defineJob('identity.prune', z.object({}).strict());

/**
 * A process that serves no requests (the worker role) has no providers: it never sends a code
 * or signs anyone in, and a secret of its own verifies nothing made elsewhere.
 */
function offlineSettings(kernel: Kernel): IdentitySettings {
  return {
    clock: kernel.clock,
    lifetimes: DEFAULT_SESSION_LIFETIMES,
    secret: randomBytes(32).toString('hex'),
    limiter: createLimiter(kernel.clock),
    trustedOrigins: new Set([new URL(kernel.publicBaseUrl).origin]),
    sms: undefined,
    mail: undefined,
    oauth: {},
    onDeliveryError: (error) => kernel.onError(error, 'message delivery failed'),
    onProviderError: (error) => kernel.onError(error, 'social sign-in failed at the provider'),
  };
}

/** Members, their sign-in (codes, passwords, social accounts) and their sessions. */
export const identityModule = defineModule({
  name: 'identity',
  dependsOn: [],
  create(kernel) {
    const settings = kernel.settings.identity ?? offlineSettings(kernel);
    const { clock, limiter, secret, lifetimes } = settings;
    const sessions = sessionsService({ clock, lifetimes, secret });
    const otp = otpService({
      clock,
      limiter,
      secret,
      sms: settings.sms,
      mail: settings.mail,
      onDeliveryError: settings.onDeliveryError,
      sendsPerIpHour: settings.otpSendsPerIpHour,
      verifiesPerIp: settings.otpVerifiesPerIp,
    });
    return { users: identityService({ clock, limiter, otp, sessions }), sessions, settings };
  },
  // First: its session and CSRF hooks cover every module's routes.
  plugins: async (app, { services }) => {
    const { sessions, settings } = services.identity;
    await app.register(sessionPlugin, { sessions, trustedOrigins: settings.trustedOrigins });
  },
  routes: async (app, { services, publicBaseUrl }) => {
    const { users, sessions, settings } = services.identity;
    await app.register(identityRoutes, {
      identity: users,
      sessions,
      oauth: settings.oauth,
      publicBaseUrl,
      sessionMaxAgeS: Math.floor(settings.lifetimes.maxMs / 1000),
      onProviderError: settings.onProviderError,
      // the library keeps likes; reached through its service once every module is made
      likedBooks: (ctx, userId) => services.library.likedBooks(ctx, userId),
    });
  },
  jobs: (identity, kernel) => [
    handle(pruneIdentityJob, async (ctx) => {
      kernel.log.info(await identity.users.prune(ctx, kernel.clock.now()), 'ended codes and sessions pruned');
    }),
  ],
  schedules: [{ job: pruneIdentityJob, cron: '40 4 * * *' }],
});
