import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { useAuth } from '~/lib/auth-store';
import { BellIcon } from './bell-icon';
import { NOTIFICATIONS_PATH, useNotificationStatus } from './notification-status';

const t = mn.notifications;

/**
 * The header's bell, for a signed-in member (spec, layout): reads the status once the header is
 * up (in the browser only: personal, never in a cached page); a red badge with the count of new
 * notifications, a dot while some are not seen; highlighted on the notifications page. A click
 * ("clicked") opens that page, which marks them all seen once it shows them ("seen"); clicked
 * on the page itself, it marks them seen at once.
 */
export function NotificationBell() {
  const userId = useAuth((state) => state.user?.id ?? null);
  const { pathname } = useLocation();
  const status = useNotificationStatus();
  const mine = status.userId === userId;
  const count = mine ? status.count : 0;
  const hasNew = mine && status.hasNew;
  const active = pathname === NOTIFICATIONS_PATH;

  useEffect(() => {
    if (userId !== null) void useNotificationStatus.getState().load(userId);
  }, [userId]);

  if (userId === null) return null;
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      aria-label={count > 0 ? t.bellNew(count) : t.bell}
      title={t.bell}
      aria-current={active ? 'page' : undefined}
      onClick={() => {
        if (active) void useNotificationStatus.getState().markAllSeen();
      }}
      className={`relative inline-flex size-10 items-center justify-center rounded-full ${
        active ? 'bg-brand-soft text-brand' : 'text-ink hover:bg-brand-soft hover:text-brand'
      }`}
    >
      <BellIcon />
      {count > 0 ? (
        <span className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-bold text-white ring-2 ring-white">
          {count > 99 ? '99+' : count}
        </span>
      ) : hasNew ? (
        <span className="absolute top-2 right-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white" />
      ) : null}
    </Link>
  );
}
