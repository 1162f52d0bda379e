import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Image } from '@nomsan/contracts/catalog';
import {
  deskTopicCreate,
  type DeskCollectionItem,
  type DeskShowcaseItem,
  type DeskTopic,
  type DeskTopicRow,
} from '@nomsan/contracts/collections-desk';
import { collectionsDeskEndpoints as endpoints } from '@nomsan/contracts/collections-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { toast } from '~/lib/toasts';
import { TextField } from '~/ui/form';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon } from '~/ui/icons';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { BookPicker, PodcastPicker, SummaryPicker, type Named } from './catalog-pickers';
import { useStaffFailure, useStaffForm } from './form';
import { Chip, Panel, Submit, TextAreaField } from './ui';

const t = mn.admin.collections;

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink disabled:opacity-30 disabled:hover:bg-transparent sm:size-8';

/** A cover as small as a row: its colour until (or instead of) the image. */
export function Thumb({ image }: { image: Image | null }) {
  if (!image)
    return <span aria-hidden="true" className="block h-12 w-8 shrink-0 rounded-sm bg-surface ring-1 ring-line" />;
  const style = { backgroundColor: image.color, aspectRatio: `${image.width} / ${image.height}` };
  return image.sm ? (
    <img
      src={image.sm}
      alt=""
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      style={style}
      className="block h-auto w-8 shrink-0 rounded-sm object-cover ring-1 ring-line"
    />
  ) : (
    <span aria-hidden="true" style={style} className="block w-8 shrink-0 rounded-sm ring-1 ring-line" />
  );
}

/** `list` with the entry at `from` moved to `to` */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}

/**
 * An ordered list whose entries move up and down by buttons (the keyboard's focus follows the
 * entry moved) and, when `onRemove` is given, are taken out. `onMove` sends the whole new order;
 * the list shows it once the API has answered, and a refusal (someone changed the list
 * meanwhile) is said above it.
 */
export function OrderedList<T>({
  label,
  items,
  keyOf,
  nameOf,
  render,
  onMove,
  onRemove,
  empty,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  render: (item: T) => ReactNode;
  onMove: (order: T[]) => Promise<void>;
  onRemove?: ((item: T) => Promise<void>) | undefined;
  empty: string;
}) {
  const failed = useStaffFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // After a move the focus goes back to the moved entry's button (the other one at an end);
  // after a removal, to the remove button of the entry now in its place (the list if none).
  const focus = useRef<{ key: string; way: 'up' | 'down' } | { removedAt: number } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wanted = focus.current;
    if (!wanted || busy) return;
    focus.current = null;
    if ('removedAt' in wanted) {
      const next = items[Math.min(wanted.removedAt, items.length - 1)];
      (next ? buttons.current.get(`${keyOf(next)}:remove`) : listRef.current)?.focus();
      return;
    }
    const index = items.findIndex((item) => keyOf(item) === wanted.key);
    if (index < 0) return;
    // at the top (or bottom) its button in that direction is off: the other one takes the focus
    const atEnd = wanted.way === 'up' ? index === 0 : index === items.length - 1;
    const other = wanted.way === 'up' ? 'down' : 'up';
    buttons.current.get(`${wanted.key}:${atEnd ? other : wanted.way}`)?.focus();
  });
  const keep = (name: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(name, element);
    else buttons.current.delete(name);
  };

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(failed(caught));
    } finally {
      setBusy(false);
    }
  }

  const move = (index: number, to: number) => {
    const item = items[index] as T;
    focus.current = { key: keyOf(item), way: to < index ? 'up' : 'down' };
    return run(() => onMove(moved(items, index, to)));
  };

  return (
    <div ref={listRef} tabIndex={-1} role="group" aria-label={label}>
      {error ? (
        <p role="alert" className="border-b border-line bg-red-50 px-4 py-3 text-sm text-red-800 sm:px-5">
          {error}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-muted sm:px-5">{empty}</p>
      ) : (
        <ol aria-label={label} aria-busy={busy || undefined} className="divide-y divide-line">
          {items.map((item, index) => {
            const key = keyOf(item);
            const name = nameOf(item);
            return (
              <li key={key} className="flex items-center gap-2 py-2 pr-2 pl-4 sm:gap-3 sm:pl-5">
                <span className="w-5 shrink-0 text-xs text-muted tabular-nums">{index + 1}.</span>
                <div className="min-w-0 flex-1">{render(item)}</div>
                <div className="flex shrink-0 items-center">
                  <button
                    type="button"
                    ref={keep(`${key}:up`)}
                    aria-label={t.up(name)}
                    title={t.up(name)}
                    disabled={busy || index === 0}
                    onClick={() => void move(index, index - 1)}
                    className={iconButton}
                  >
                    <ChevronUpIcon width={16} height={16} />
                  </button>
                  <button
                    type="button"
                    ref={keep(`${key}:down`)}
                    aria-label={t.down(name)}
                    title={t.down(name)}
                    disabled={busy || index === items.length - 1}
                    onClick={() => void move(index, index + 1)}
                    className={iconButton}
                  >
                    <ChevronDownIcon width={16} height={16} />
                  </button>
                  {onRemove ? (
                    <button
                      type="button"
                      ref={keep(`${key}:remove`)}
                      aria-label={t.remove(name)}
                      title={t.remove(name)}
                      disabled={busy}
                      onClick={() => {
                        focus.current = { removedAt: index };
                        void run(() => onRemove(item));
                      }}
                      className={`${iconButton} hover:text-red-700`}
                    >
                      <CloseIcon width={16} height={16} />
                    </button>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

/** Adds what is picked at once (the picker is empty again, ready for the next one). */
function AddPicker({
  kind,
  legend,
  onPick,
}: {
  kind: 'book' | 'published-book' | 'summary' | 'podcast';
  legend: string;
  onPick: (picked: Named) => Promise<void>;
}) {
  const failed = useStaffFailure();
  const [error, setError] = useState<string | undefined>();
  const props = {
    legend,
    name: `add-${kind}`,
    value: null,
    clearLabel: t.clearPick,
    error,
    onChange: (picked: Named | null) => {
      if (!picked) return;
      setError(undefined);
      onPick(picked).catch((caught: unknown) => setError(failed(caught) ?? undefined));
    },
  };
  if (kind === 'summary') return <SummaryPicker {...props} />;
  if (kind === 'podcast') return <PodcastPicker {...props} />;
  return <BookPicker {...props} published={kind === 'published-book'} />;
}

// ---------------------------------------------------------------------------------------------
// /admin/collections: the topics and the showcase

/** The topics in the store's order: each to its page, moved up and down. */
export function TopicsPanel({ topics, onChanged }: { topics: DeskTopicRow[]; onChanged: () => void }) {
  const [rows, setRows] = useState(topics);
  const [loaded, setLoaded] = useState(topics);
  if (loaded !== topics) {
    setLoaded(topics);
    setRows(topics);
  }
  return (
    <Panel title={t.topics} lead={t.topicsLead} flush>
      <OrderedList
        label={t.topics}
        items={rows}
        keyOf={(topic) => String(topic.id)}
        nameOf={(topic) => topic.title}
        empty={t.topicsEmpty}
        onMove={async (order) => {
          try {
            const answer = await adminApi().call(endpoints.orderTopics, { body: { ids: order.map((row) => row.id) } });
            setRows(answer.data);
          } catch (caught) {
            onChanged();
            throw caught;
          }
        }}
        render={(topic) => (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link
              to={`/admin/collections/${topic.id}`}
              className="font-semibold [overflow-wrap:anywhere] text-ink hover:text-brand"
            >
              {topic.title}
            </Link>
            <Chip tone={topic.active ? 'good' : 'neutral'}>{topic.active ? t.active : t.hidden}</Chip>
            <span className="text-xs text-muted">{t.items(topic.items_count)}</span>
          </div>
        )}
      />
    </Panel>
  );
}

/** The showcase's books in order: moved, taken out, and a published book added at the end. */
export function ShowcasePanel({ books }: { books: DeskShowcaseItem[] }) {
  const [rows, setRows] = useState(books);
  return (
    <Panel title={t.showcase} lead={t.showcaseLead} flush>
      <OrderedList
        label={t.showcase}
        items={rows}
        keyOf={(book) => String(book.id)}
        nameOf={(book) => book.title}
        empty={t.showcaseEmpty}
        onMove={async (order) => {
          try {
            const answer = await adminApi().call(endpoints.orderShowcase, { body: { ids: order.map((b) => b.id) } });
            setRows(answer.data);
          } catch (caught) {
            setRows((await adminApi().call(endpoints.showcase)).data);
            throw caught;
          }
        }}
        onRemove={async (book) => {
          setRows((await adminApi().call(endpoints.removeFromShowcase, { params: { id: book.id } })).data);
          toast.success(t.removed(book.title));
        }}
        render={(book) => (
          <div className="flex items-center gap-3">
            <Thumb image={book.cover} />
            <div className="min-w-0">
              <p className="text-sm font-semibold [overflow-wrap:anywhere]">{book.title}</p>
              {book.status !== 'published' ? <Chip tone="warn">{t.notShown}</Chip> : null}
            </div>
          </div>
        )}
      />
      <div className="border-t border-line p-4 sm:p-5">
        <AddPicker
          kind="published-book"
          legend={t.showcaseAdd}
          onPick={async (book) => {
            setRows((await adminApi().call(endpoints.addToShowcase, { body: { book_id: book.id } })).data);
            toast.success(t.showcaseAdded(book.name));
          }}
        />
      </div>
    </Panel>
  );
}

const TOPIC_FIELDS = ['title', 'description', 'active'] as const;
type TopicDraft = { title: string; description: string; active: boolean };

/**
 * A topic's title, description and whether the store shows it: a new one (then its page opens)
 * or changes to one (only the fields changed are sent, so the audit entry shows the change).
 */
export function TopicForm({ topic, onSaved }: { topic: DeskTopic | null; onSaved: (topic: DeskTopic) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const initial: TopicDraft = topic
    ? { title: topic.title, description: topic.description, active: topic.active }
    : { title: '', description: '', active: true };
  const [draft, setDraft] = useState(initial);
  const form = useStaffForm(deskTopicCreate, TOPIC_FIELDS);
  const set = <K extends keyof TopicDraft>(key: K, value: TopicDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    form.clear(key);
  };

  const send = () =>
    form.submit(formRef.current, draft, async (fields) => {
      if (!topic) {
        const made = (await adminApi().call(endpoints.createTopic, { body: fields })).data;
        toast.success(t.created(made.title));
        onSaved(made);
        return;
      }
      const patch = Object.fromEntries(
        TOPIC_FIELDS.filter((key) => fields[key] !== topic[key]).map((key) => [key, fields[key]]),
      );
      if (Object.keys(patch).length === 0) {
        toast.success(t.saved);
        return;
      }
      const saved = (await adminApi().call(endpoints.updateTopic, { params: { id: topic.id }, body: patch })).data;
      toast.success(t.saved);
      onSaved(saved);
    });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={topic ? t.lines : t.newTopic}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Panel title={topic ? t.lines : t.newTopic}>
        <div className="space-y-4">
          <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
          <TextField
            label={t.titleLabel}
            name="title"
            autoComplete="off"
            maxLength={120}
            value={draft.title}
            error={form.error('title')}
            onChange={(event) => set('title', event.target.value)}
          />
          <TextAreaField
            label={t.descriptionLabel}
            name="description"
            rows={3}
            maxLength={1000}
            value={draft.description}
            error={form.error('description')}
            onChange={(event) => set('description', event.target.value)}
          />
          <label className="flex cursor-pointer items-start gap-2.5 text-sm">
            <input
              type="checkbox"
              name="active"
              checked={draft.active}
              onChange={(event) => set('active', event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            <span>
              <span className="font-semibold">{t.activeLabel}</span>
              <span className="block text-muted">{t.activeHint}</span>
            </span>
          </label>
          <div className="flex justify-end">
            <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
              {topic ? mn.admin.save : t.create}
            </Submit>
          </div>
        </div>
      </Panel>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// /admin/collections/:id: a topic's items

const itemKey = (item: DeskCollectionItem) => `${item.type}:${item.id}`;

/** A topic's items in order: moved, taken out, and books, summaries and podcasts added at the end. */
export function TopicItemsPanel({ topic, onChanged }: { topic: DeskTopic; onChanged: (topic: DeskTopic) => void }) {
  const id = topic.id;
  const add = async (type: DeskCollectionItem['type'], picked: Named) => {
    onChanged((await adminApi().call(endpoints.addTopicItem, { params: { id }, body: { type, id: picked.id } })).data);
    toast.success(t.added(picked.name));
  };
  return (
    <Panel title={t.itemsTitle} lead={t.itemsLead} flush>
      <OrderedList
        label={t.itemsTitle}
        items={topic.items}
        keyOf={itemKey}
        nameOf={(item) => item.title}
        empty={t.itemsEmpty}
        onMove={async (order) => {
          try {
            const items = order.map((item) => ({ type: item.type, id: item.id }));
            onChanged((await adminApi().call(endpoints.orderTopicItems, { params: { id }, body: { items } })).data);
          } catch (caught) {
            onChanged((await adminApi().call(endpoints.topic, { params: { id } })).data);
            throw caught;
          }
        }}
        onRemove={async (item) => {
          const params = { id, type: item.type, item_id: item.id };
          onChanged((await adminApi().call(endpoints.removeTopicItem, { params })).data);
          toast.success(t.removed(item.title));
        }}
        render={(item) => (
          <div className="flex items-center gap-3">
            <Thumb image={item.cover} />
            <div className="min-w-0">
              <p className="text-sm font-semibold [overflow-wrap:anywhere]">{item.title}</p>
              <span className="mt-0.5 flex flex-wrap gap-1">
                <Chip tone="info">{t.types[item.type]}</Chip>
                {item.visible ? null : <Chip tone="warn">{t.notShown}</Chip>}
              </span>
            </div>
          </div>
        )}
      />
      <div className="grid gap-4 border-t border-line p-4 sm:p-5 lg:grid-cols-3">
        <AddPicker kind="book" legend={t.addBook} onPick={(picked) => add('book', picked)} />
        <AddPicker kind="summary" legend={t.addSummary} onPick={(picked) => add('summary', picked)} />
        <AddPicker kind="podcast" legend={t.addPodcast} onPick={(picked) => add('podcast', picked)} />
      </div>
    </Panel>
  );
}
