import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import { NotificationList, NotificationsEmpty } from '~/features/notifications/notification-list';
import { useNotificationStatus } from '~/features/notifications/notification-status';
import { attempt, formText, requireSignedIn } from '~/lib/auth.server';
import { pageParam, requirePageInRange } from '~/lib/loaders.server';
import { privatePageMeta } from '~/lib/meta';
import { Pagination } from '~/ui/pagination';
import type { Route } from './+types/my-library-notifications';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request);
  const notifications = await requireSignedIn(request, context.api.notifications(page));
  requirePageInRange(page, notifications.last_page);
  return { notifications };
}

/** removes one notification from the list (`id` from the row's form; the API refuses a bad one) */
export async function action({ context, request }: Route.ActionArgs) {
  const id = Number(formText(await request.formData(), 'id'));
  return attempt(
    request,
    context.api.removeNotification(id).then(() => ({ removed: true as const })),
  );
}

export const meta: Route.MetaFunction = () => privatePageMeta(mn.notifications.title);

/** `/my-library/notifications`: what the store told the member; opening it marks them all seen. */
export default function LibraryNotifications({ loaderData }: Route.ComponentProps) {
  const { notifications } = loaderData;
  const { pathname, search } = useLocation();

  useEffect(() => {
    void useNotificationStatus.getState().markAllSeen();
  }, []);

  if (notifications.total === 0) return <NotificationsEmpty />;
  return (
    <>
      <NotificationList items={notifications.data} />
      <Pagination
        pathname={pathname}
        search={search}
        current={notifications.current_page}
        last={notifications.last_page}
      />
    </>
  );
}
