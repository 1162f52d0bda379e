import { useState, type ReactNode } from 'react';
import { data, Link } from 'react-router';
import type { Image } from '@nomsan/contracts/catalog';
import { deskIdParams } from '@nomsan/contracts/catalog-desk';
import type { ApiClient } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { formatDateTime } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { ChevronLeftIcon } from '~/ui/icons';
import { staffLoad } from './admin-api';
import { CoverThumb } from './desk-table';
import { PageHeader, adminButton } from './ui';

/**
 * A title's page at the desk (a book, a summary, a bundle): loaded by the id in its URL, its
 * fields' form in the middle, its status and files beside, what it sells below.
 */

/** A title page's loader: `load` gets the id of the URL; an id that is no number is not found (the API's 404 too). */
export async function loadDeskTitle<T>(
  request: Request,
  params: Record<string, string | undefined>,
  load: (api: ApiClient, params: { id: number }) => Promise<T>,
): Promise<T> {
  const id = deskIdParams.safeParse(params);
  if (!id.success) throw data(null, { status: 404 });
  return staffLoad(request, (api) => load(api, id.data));
}

/**
 * What the last changes answered (a panel's save), shown until the page's data is read again:
 * a new `loaded` (the revalidation) starts afresh.
 */
export function useChangedSince<L, C extends object>(loaded: L): [Partial<C>, (change: Partial<C>) => void] {
  const [changed, setChanged] = useState<Partial<C>>({});
  const [seen, setSeen] = useState(loaded);
  if (seen !== loaded) {
    setSeen(loaded);
    setChanged({});
  }
  return [changed, (change) => setChanged((previous) => ({ ...previous, ...change }))];
}

/** When a title last changed, as its page's head says it after its id. */
export const changedAt = (updatedAt: string) => mn.admin.book.updated(formatDateTime(updatedAt));

/** A title page's head: back to its list, its cover, its title with its id and `when`, its public page once it has one. */
export function DeskTitleHeader({
  back,
  item,
  when,
  publicPage,
}: {
  back: { to: string; label: string };
  item: { id: number; title: string; cover: Image };
  /** when it last changed (`changedAt`) or was made */
  when: string;
  /** the store's page and its link's label, when members see it */
  publicPage: { href: string; label: string } | null;
}) {
  return (
    <>
      <div className="mb-3">
        <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-semibold text-muted hover:text-brand">
          <ChevronLeftIcon width={16} height={16} />
          {back.label}
        </Link>
      </div>
      <div className="mb-5 flex items-start gap-4">
        <CoverThumb image={item.cover} className="w-14 sm:w-16" />
        <div className="min-w-0 flex-1">
          <PageHeader
            title={item.title}
            lead={`#${item.id} · ${when}`}
            actions={
              publicPage ? (
                <a href={publicPage.href} target="_blank" rel="noopener" className={adminButton('secondary')}>
                  {publicPage.label}
                </a>
              ) : null
            }
          />
        </div>
      </div>
    </>
  );
}

/** The page's two columns on a wide screen (the form, and beside it the status and files); one after another on a phone. */
export function DeskTitleLayout({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <aside className="space-y-5 lg:order-last">{aside}</aside>
      <div className="min-w-0 space-y-5">{children}</div>
    </div>
  );
}

/** Only the fields that changed, so the audit log's entry shows the change and nothing else. */
export function changedFields<F extends object>(keys: readonly (keyof F)[], next: F, before: F): Partial<F> {
  return Object.fromEntries(
    keys.filter((key) => JSON.stringify(next[key]) !== JSON.stringify(before[key])).map((key) => [key, next[key]]),
  ) as Partial<F>;
}

/**
 * A desk form's save: a new one made, or only what changed sent (nothing changed: said, nothing
 * sent); the answer handed on after its toast.
 */
export async function saveDeskForm<F extends object, T>({
  fields,
  keys,
  before,
  create,
  update,
  said,
  onSaved,
}: {
  fields: F;
  keys: readonly (keyof F)[];
  /** the fields as they were (parsed from what was loaded); null: a new one */
  before: { success: true; data: F } | { success: false } | null;
  create: (fields: F) => Promise<T>;
  update: (patch: Partial<F>) => Promise<T>;
  said: { created: string; saved: string };
  onSaved: (saved: T) => void;
}): Promise<void> {
  if (before === null) {
    const made = await create(fields);
    toast.success(said.created);
    onSaved(made);
    return;
  }
  const patch = before.success ? changedFields(keys, fields, before.data) : fields;
  if (Object.keys(patch).length === 0) {
    toast.info(mn.catalogDesk.nothingToChange);
    return;
  }
  const saved = await update(patch);
  toast.success(said.saved);
  onSaved(saved);
}
