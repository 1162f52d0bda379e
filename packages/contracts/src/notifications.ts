import { z } from 'zod';
import { envelope, paginated, queryInt } from './http';

/**
 * The member's notifications centre: what the store told them (a receipt, a renewal, a rental
 * ending, a gift), newest first, with the count of those not seen yet for the header's bell.
 */

/** how many notifications a page of the list holds unless asked otherwise, and at most */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** the spec's client names its platform (`device=ios`); the answer is the same for every one */
export const notificationStatusQuery = z.object({
  device: z
    .string()
    .regex(/^[a-z]{1,20}$/)
    .optional(),
});

export const notificationStatus = z.object({
  has_new_notifications: z.boolean(),
  new_notifications_count: z.number().int().min(0),
});
export type NotificationStatus = z.infer<typeof notificationStatus>;
export const notificationStatusResponse = envelope(notificationStatus);

/** `deleted` never comes from the list; the spec's client drops an item that has it */
export const userEventStatuses = ['new', 'seen', 'deleted'] as const;
export type UserEventStatus = (typeof userEventStatuses)[number];

export const notificationItem = z.object({
  id: z.number().int().min(1),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** a path inside the store to open, or null */
  link: z.string().nullable(),
  created_at: z.string(),
  seen: z.boolean(),
  userEventStatus: z.enum(userEventStatuses),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationsQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  per_page: queryInt(1, NOTIFICATIONS_MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
});
export const notificationsResponse = paginated(notificationItem);
export type NotificationsPage = z.infer<typeof notificationsResponse>['data'];

/** the spec's client sends its `credentials` flag in the body; nothing else is taken */
export const markAllSeenRequest = z.object({ credentials: z.boolean().optional() }).strict();

export const notificationSuccessResponse = envelope(z.object({ success: z.literal(true) }));
