import { create } from 'zustand';

/** The notifications page, where the bell leads and is highlighted. */
export const NOTIFICATIONS_PATH = '/my-library/notifications';

interface NotificationStatusState {
  /** whose status this is: another member's (before a sign-out) is never shown */
  userId: number | null;
  count: number;
  hasNew: boolean;
  load(userId: number): Promise<void>;
  markAllSeen(): Promise<void>;
}

/** the API client loads only for a member, after the page is up (as the session check does) */
const api = async () => (await import('~/lib/browser-api')).browserApi();

/** counts mark-all-seen calls, so a status read that started before one does not bring the count back */
let marks = 0;
let marking: Promise<void> | undefined;

/**
 * The spec's notifications store area: the bell's status (has new, how many). Read on the
 * header's mount; new becomes all seen once mark-all-seen succeeds. A failure is only logged
 * (spec, error catalogue).
 */
export const useNotificationStatus = create<NotificationStatusState>((set, get) => ({
  userId: null,
  count: 0,
  hasNew: false,
  async load(userId) {
    const startedAt = marks;
    if (get().userId !== userId) set({ userId, count: 0, hasNew: false });
    try {
      const status = await (await api()).notificationStatus();
      if (marks !== startedAt || get().userId !== userId) return;
      set({ count: status.new_notifications_count, hasNew: status.has_new_notifications });
    } catch (error) {
      console.error('notification status unavailable', error);
    }
  },
  markAllSeen() {
    marking ??= (async () => {
      try {
        marks += 1;
        await (await api()).markAllNotificationsSeen();
        set({ count: 0, hasNew: false });
      } catch (error) {
        console.error('notifications could not be marked seen', error);
      } finally {
        marking = undefined;
      }
    })();
    return marking;
  },
}));
