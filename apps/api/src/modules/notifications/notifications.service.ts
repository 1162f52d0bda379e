import { z } from 'zod';
import { mn } from '@nomsan/contracts/messages';
import type { NotificationItem, NotificationStatus, NotificationsPage } from '@nomsan/contracts/notifications';
import { notFound } from '../../errors';
import type { Kernel, ModuleServices } from '../../kernel/module';
import { boundRepository, transaction, type Ctx } from '../../kernel/unit-of-work';
import { pageOf } from '../../lib/paginate';
import type { IdentityService } from '../identity/identity.service';
import { defineJob } from '../jobs/jobs.service';
import { notificationsRepository, type NotificationRow } from './notifications.repository';

export interface NewNotification {
  userId: number;
  /** e.g. 'subscription_renewed' | 'renewal_failed' | 'subscription_ending' | 'rental_ending' | 'rental_ended' | 'gift_received' | 'receipt' ...: free text column, not an enum */
  kind: string;
  /** Mongolian, already written by the caller from the messages module */
  title: string;
  /** Mongolian */
  body: string;
  /** a path inside the store to open, e.g. '/my-library/service' */
  link?: string | null;
  /** also tell the member by SMS (to their phone) and/or e-mail, where they have one */
  channels?: ('sms' | 'email')[];
  /** the cause, once: a second notify with the same key for the same user changes nothing */
  dedupeKey?: string;
}

/**
 * What a caller may hand to `notify`. A notification that does not fit is the caller's bug,
 * refused at once (in their transaction), not shown broken to a member.
 */
const newNotification = z.object({
  userId: z.number().int().min(1),
  kind: z.string().trim().min(1).max(64),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(2_000),
  // a path of this store only: never another site, `//host` or `javascript:`
  link: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])/)
    .nullish(),
  channels: z.array(z.enum(['sms', 'email'])).optional(),
  dedupeKey: z.string().min(1).max(200).optional(),
});

/** Tells the member by SMS or e-mail what a notification says; one job per channel, so a retry resends only what failed. */
export const deliverNotificationJob = defineJob(
  'notifications.deliver',
  z.object({ id: z.number().int().min(1), channel: z.enum(['sms', 'email']) }).strict(),
);

/** Sends a message to an address that may be no member's (a gift card's recipient). */
export const sendDirectJob = defineJob(
  'notifications.send-direct',
  z
    .object({
      phone: z
        .string()
        .regex(/^\d{8}$/)
        .optional(),
      email: z.string().email().optional(),
      subject: z.string().min(1).max(200),
      text: z.string().min(1).max(2000),
    })
    .strict(),
);

export interface NotificationsDependencies {
  identity: Pick<IdentityService, 'contact'>;
  /** the process's providers (the sandbox outbox in embedded mode); absent in a process that has none */
  senders: Pick<ModuleServices['identity']['settings'], 'sms' | 'mail'>;
}

const toItem = (row: NotificationRow): NotificationItem => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.createdAt.toISOString(),
  seen: row.seenAt !== null,
  userEventStatus: row.deletedAt ? 'deleted' : row.seenAt ? 'seen' : 'new',
});

/**
 * The notifications centre: other modules tell a member something (`notify`, in their own
 * transaction, so the notification exists exactly when its cause committed); the member reads
 * the list, sees the count of new ones on the bell, marks them seen and removes them.
 */
export function notificationsService(kernel: Kernel, deps: NotificationsDependencies) {
  const repository = boundRepository(notificationsRepository);
  const now = () => kernel.clock.now();

  return {
    /**
     * Writes a notification in the caller's transaction (`ctx`), and a delivery job per channel
     * beside it. A second call with the same `dedupeKey` for the same member changes nothing.
     */
    notify: (ctx: Ctx, n: NewNotification): Promise<void> =>
      transaction(ctx, async (tx) => {
        const given = newNotification.parse(n);
        const row = await repository(tx).insert({
          userId: given.userId,
          kind: given.kind,
          title: given.title,
          body: given.body,
          link: given.link ?? null,
          dedupeKey: given.dedupeKey ?? null,
          createdAt: now(),
        });
        if (!row) return;
        for (const channel of new Set(given.channels ?? [])) {
          await kernel.jobs.enqueue(
            tx,
            deliverNotificationJob,
            { id: row.id, channel },
            { dedupeKey: `notifications.deliver:${row.id}:${channel}` },
          );
        }
      }),

    /**
     * Sends a text to a phone or an e-mail address that need not be a member's, by a job
     * enqueued in the caller's transaction (it goes exactly when its cause committed).
     */
    sendTo: (ctx: Ctx, message: { phone?: string; email?: string; subject: string; text: string }) =>
      kernel.jobs.enqueue(ctx, sendDirectJob, message).then(() => undefined),

    /** the job's work: one SMS or e-mail */
    async sendDirect(message: { phone?: string; email?: string; subject: string; text: string }): Promise<void> {
      if (message.phone) {
        if (!deps.senders.sms) throw new Error('no SMS provider in this process');
        await deps.senders.sms.send(message.phone, message.text);
      }
      if (message.email) {
        if (!deps.senders.mail) throw new Error('no e-mail provider in this process');
        await deps.senders.mail.send({ to: message.email, subject: message.subject, text: message.text });
      }
    },

    async status(ctx: Ctx, userId: number): Promise<NotificationStatus> {
      const count = await repository(ctx).countUnseen(userId);
      return { has_new_notifications: count > 0, new_notifications_count: count };
    },

    async list(ctx: Ctx, userId: number, page: number, perPage: number): Promise<NotificationsPage> {
      const { rows, total } = await repository(ctx).page(userId, (page - 1) * perPage, perPage);
      return pageOf(rows.map(toItem), page, perPage, total);
    },

    async markAllSeen(ctx: Ctx, userId: number) {
      await repository(ctx).markAllSeen(userId, now());
      return { success: true as const };
    },

    /** takes one of the member's notifications off their list; another member's is not found */
    async remove(ctx: Ctx, userId: number, id: number) {
      if (!(await repository(ctx).markDeleted(userId, id, now()))) throw notFound();
      return { success: true as const };
    },

    /**
     * Sends a notification by SMS or e-mail to the member's verified phone or address; nothing
     * when they have none (or the notification is gone). A process without the provider fails
     * the job, which is retried (and kept as dead at last) rather than lost.
     */
    async deliver(ctx: Ctx, id: number, channel: 'sms' | 'email'): Promise<void> {
      const row = await repository(ctx).byId(id);
      if (!row) return;
      const contact = await deps.identity.contact(ctx, row.userId);
      const url = row.link ? new URL(row.link, kernel.publicBaseUrl).toString() : null;
      if (channel === 'sms') {
        if (!contact?.phone) return;
        if (!deps.senders.sms) throw new Error('no SMS provider in this process');
        await deps.senders.sms.send(contact.phone, mn.notifications.sms(row.title, row.body, url));
        return;
      }
      if (!contact?.email) return;
      if (!deps.senders.mail) throw new Error('no e-mail provider in this process');
      await deps.senders.mail.send({
        to: contact.email,
        subject: row.title,
        text: mn.notifications.mail(row.body, url),
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof notificationsService>;
