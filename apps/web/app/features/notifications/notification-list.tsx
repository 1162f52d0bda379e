import { Link, useFetcher } from 'react-router';
import type { NotificationItem } from '@nomsan/contracts/notifications';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import type { ActionResult } from '~/lib/form';
import { toast } from '~/lib/toasts';
import { useOnResult } from '~/lib/form';
import { buttonClass } from '~/ui/buttons';
import { BellIcon } from './bell-icon';

const t = mn.notifications;

/** The member's notifications, newest first: title, text, when (Ulaanbaatar time), a link, remove. */
export function NotificationList({ items }: { items: NotificationItem[] }) {
  return (
    <ul aria-label={t.list} className="divide-y divide-line rounded-2xl border border-line">
      {items
        // spec: an item whose status is deleted is dropped
        .filter((item) => item.userEventStatus !== 'deleted')
        .map((item) => (
          <NotificationRow key={item.id} item={item} />
        ))}
    </ul>
  );
}

function NotificationRow({ item }: { item: NotificationItem }) {
  const fetcher = useFetcher<ActionResult<{ removed: true }>>();
  const pending = fetcher.state !== 'idle';
  useOnResult(fetcher.state === 'idle' ? fetcher.data : undefined, (result) => {
    if (result.ok) toast.success(t.removed);
    else toast.error(result.message);
  });
  const isNew = item.userEventStatus === 'new';
  return (
    <li aria-label={item.title} className={`flex gap-4 p-4 sm:p-5 ${pending ? 'opacity-50' : ''}`}>
      <span
        className={`hidden size-11 shrink-0 items-center justify-center rounded-xl sm:inline-flex ${
          isNew ? 'bg-brand-soft text-brand' : 'bg-surface text-muted'
        }`}
      >
        <BellIcon />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span className="break-words">{item.title}</span>
              {isNew ? (
                <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-700">{t.new}</span>
              ) : null}
            </p>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{item.body}</p>
            <p className="mt-2 text-xs text-muted">
              <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
            </p>
            {item.link ? (
              <Link to={item.link} className="mt-2 inline-flex text-sm font-semibold text-brand hover:underline">
                {t.open}
              </Link>
            ) : null}
          </div>
          <fetcher.Form method="post" className="shrink-0">
            <input type="hidden" name="id" value={item.id} />
            <button
              type="submit"
              disabled={pending}
              aria-label={t.removeLabel(item.title)}
              className={buttonClass('ghost', 'sm', 'text-muted hover:text-red-700')}
            >
              {t.remove}
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}

/** What the page shows when there is nothing to tell. */
export function NotificationsEmpty() {
  return (
    <div className="rounded-2xl bg-surface px-6 py-10 text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-white text-muted">
        <BellIcon />
      </span>
      <p className="mt-3 font-bold">{t.empty}</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-muted">{t.emptyHint}</p>
    </div>
  );
}
