import { defineEndpoint } from './endpoint';
import { idParams } from './http';
import {
  markAllSeenRequest,
  notificationStatusQuery,
  notificationStatusResponse,
  notificationSuccessResponse,
  notificationsQuery,
  notificationsResponse,
} from './notifications';

const member = { auth: 'required', tags: ['notifications'] } as const;

/** The member's notifications centre (spec section 7: `{accountApi}/api/notification/...`). */
export const notificationsEndpoints = {
  status: defineEndpoint({
    ...member,
    method: 'GET',
    path: '/account/api/notification/user/notifications/new',
    summary: 'Whether the member has notifications not seen yet, and how many (the bell)',
    query: notificationStatusQuery,
    response: notificationStatusResponse,
  }),
  list: defineEndpoint({
    ...member,
    method: 'GET',
    path: '/account/api/notification/user/notifications',
    summary: "The member's notifications, newest first, a page at a time (removed ones left out)",
    query: notificationsQuery,
    response: notificationsResponse,
  }),
  markAllSeen: defineEndpoint({
    ...member,
    method: 'POST',
    path: '/account/api/notification/user/notifications/mark-all-seen',
    summary: 'Mark every notification of the member seen',
    body: markAllSeenRequest,
    response: notificationSuccessResponse,
  }),
  remove: defineEndpoint({
    ...member,
    method: 'DELETE',
    path: '/account/api/notification/user/notifications/:id',
    summary: 'Remove one of the member’s notifications from the list',
    params: idParams,
    response: notificationSuccessResponse,
  }),
};
