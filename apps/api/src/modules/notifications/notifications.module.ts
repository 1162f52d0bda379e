import { defineModule } from '../../kernel/module';
import { handle } from '../jobs/jobs.service';
import { notificationsRoutes } from './notifications.routes';
import {
  deliverNotificationJob,
  notificationsService,
  sendDirectJob,
  type NotificationsService,
} from './notifications.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    notifications: NotificationsService;
  }
}

/**
 * What the store tells a member (receipts, renewals, rentals ending, gifts): their list, the
 * bell's count, and the same by SMS or e-mail through the providers the identity module sends
 * codes with (the sandbox outbox in embedded mode).
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  dependsOn: ['identity'],
  create: (kernel, { identity }) =>
    notificationsService(kernel, {
      identity: identity.users,
      senders: { sms: identity.settings.sms, mail: identity.settings.mail },
    }),
  routes: notificationsRoutes,
  jobs: (notifications) => [
    handle(deliverNotificationJob, (ctx, { id, channel }) => notifications.deliver(ctx, id, channel)),
    handle(sendDirectJob, (_ctx, message) => notifications.sendDirect(message)),
  ],
});
