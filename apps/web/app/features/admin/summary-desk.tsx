import { useEffect, useRef, useState } from 'react';
import {
  BOOK_STATUSES,
  SUMMARY_SORTS,
  deskSummaryCreate,
  type BookStatus,
  type DeskOffer,
  type DeskSummary,
  type DeskSummaryRow,
} from '@nomsan/contracts/catalog-desk';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import type { Image } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import type { z } from 'zod';
import { toast } from '~/lib/toasts';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { OneOfferPanel } from './catalog-book-offers';
import { BookStatusChip } from './catalog-list';
import { BookPicker, CategoryChecklist, PeoplePicker, type Named } from './catalog-pickers';
import { saveDeskForm } from './desk-page';
import { DeskFilters, DeskTable, titleColumn, updatedColumn, type DeskFilter, type DeskList } from './desk-table';
import { ConfirmDialog } from './dialog';
import { useStaffFailure, useStaffForm } from './form';
import { FilePicker, Refusal, UploadProgress, useResumableUpload } from './resumable-upload';
import { Chip, Panel, Submit, TextAreaField, adminButton, type Column } from './ui';

const t = mn.admin.summaries;
const c = mn.admin.catalog;

// ---------------------------------------------------------------------------------------------
// The list

/** `/admin/summaries`: its filter's keys as the URL carries them */
export const SUMMARY_LIST: DeskList<SummaryFilterKey> = { path: '/admin/summaries', keys: ['q', 'status', 'sort'] };
type SummaryFilterKey = 'q' | 'status' | 'sort';

/** The start of a title or an id, status and order; kept in the URL. */
export function SummaryFilters({
  filter,
  errors,
}: {
  filter: DeskFilter<SummaryFilterKey>;
  errors: Record<string, string>;
}) {
  return (
    <DeskFilters
      list={SUMMARY_LIST}
      filter={filter}
      errors={errors}
      selects={[
        {
          key: 'status',
          label: c.status,
          any: c.anyStatus,
          options: BOOK_STATUSES.map((status) => [status, c.statuses[status]] as const),
        },
        { key: 'sort', label: c.sort, options: SUMMARY_SORTS.map((sort) => [sort, c.sorts[sort]] as const) },
      ]}
    />
  );
}

const noSchedule = (status: BookStatus) => ({ status, publish_at: null });

/** What a summary holds: its text, its recording, or nothing yet. */
function HeldChips({ row }: { row: { has_text: boolean; has_audio: boolean } }) {
  if (!row.has_text && !row.has_audio) return <span className="text-xs text-muted">{t.nothingYet}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {row.has_text ? <Chip tone="info">{t.text}</Chip> : null}
      {row.has_audio ? <Chip tone="brand">{t.audio}</Chip> : null}
    </span>
  );
}

/** A page of summaries: cover and title (to its page) with its book, status, what it holds, last change. */
export function SummaryTable({ rows }: { rows: readonly DeskSummaryRow[] }) {
  const columns: Column<DeskSummaryRow>[] = [
    titleColumn(
      t.summary,
      (row) => `/admin/summaries/${row.id}`,
      (row) => (
        <>
          {row.book_title ?? t.noBook}
          <span className="ml-1.5 tabular-nums">· {t.minutes(row.reading_minutes)}</span>
        </>
      ),
    ),
    {
      id: 'status',
      header: c.status,
      className: 'md:w-36',
      cell: (row) => <BookStatusChip book={noSchedule(row.status)} />,
    },
    { id: 'held', header: t.held, className: 'md:w-32', cell: (row) => <HeldChips row={row} /> },
    updatedColumn(),
  ];
  return <DeskTable label={t.list} columns={columns} rows={rows} empty={t.empty} />;
}

// ---------------------------------------------------------------------------------------------
// The form

type Fields = z.output<typeof deskSummaryCreate>;
const FIELDS = [
  'title',
  'book_id',
  'reading_minutes',
  'description',
  'body',
  'author_ids',
  'category_ids',
] as const satisfies readonly (keyof Fields)[];

interface Draft {
  title: string;
  description: string;
  body: string;
  book: Named | null;
  reading_minutes: string;
  authors: Named[];
  category_ids: number[];
}

const draftOf = (summary: DeskSummary | null): Draft => ({
  title: summary?.title ?? '',
  description: summary?.description ?? '',
  body: summary?.body.join('\n\n') ?? '',
  book: summary?.book ? { id: summary.book.id, name: summary.book.title } : null,
  reading_minutes: summary ? String(summary.reading_minutes) : '',
  authors: summary?.authors.map(({ id, name }) => ({ id, name })) ?? [],
  category_ids: summary?.categories.map((category) => category.id) ?? [],
});

/** The text as paragraphs: split at empty lines, each trimmed; an empty box is none. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

const inputOf = (draft: Draft) => ({
  title: draft.title,
  description: draft.description,
  body: paragraphsOf(draft.body),
  book_id: draft.book?.id ?? null,
  // not a number: NaN, which the schema refuses with the field's message
  reading_minutes: draft.reading_minutes.trim() === '' ? null : Number(draft.reading_minutes.trim()),
  author_ids: draft.authors.map((person) => person.id),
  category_ids: draft.category_ids,
});

/**
 * A summary's fields: a new draft (`summary` null) or the changes to one. The text is one box,
 * paragraphs apart by an empty line. Checked with the contract's schema first; the API's
 * refusals under their fields.
 */
export function SummaryForm({
  summary,
  categories,
  onSaved,
}: {
  summary: DeskSummary | null;
  /** the categories to choose from */
  categories: readonly { id: number; title: string; parent_id: number | null }[];
  onSaved: (summary: DeskSummary) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(summary));
  const form = useStaffForm(deskSummaryCreate, FIELDS);
  const set = <K extends keyof Draft>(key: K, value: Draft[K], field: string = key) => {
    setDraft((previous) => ({ ...previous, [key]: value }));
    form.clear(field);
  };
  const text = (key: 'title' | 'description' | 'body' | 'reading_minutes') => ({
    name: key,
    value: draft[key],
    error: form.error(key),
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });
  const count = paragraphsOf(draft.body).length;

  const send = () =>
    form.submit(formRef.current, inputOf(draft), (fields) =>
      saveDeskForm({
        fields,
        keys: FIELDS,
        before: summary ? deskSummaryCreate.safeParse(inputOf(draftOf(summary))) : null,
        create: async (body) => (await adminApi().call(catalogDeskEndpoints.createSummary, { body })).data,
        update: async (body) =>
          (await adminApi().call(catalogDeskEndpoints.updateSummary, { params: { id: summary!.id }, body })).data,
        said: { created: t.created, saved: t.saved },
        onSaved,
      }),
    );

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={t.details}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-5"
    >
      <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
      <Panel title={t.details}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label={t.titleLabel} autoComplete="off" {...text('title')} className="sm:col-span-3" />
          <div className="sm:col-span-2">
            <BookPicker
              legend={t.book}
              name="book_id"
              value={draft.book}
              clearLabel={t.bookClear}
              error={form.error('book_id')}
              onChange={(book) => set('book', book, 'book_id')}
            />
            <p className="mt-1.5 text-sm text-muted">{t.bookHint}</p>
          </div>
          <TextField
            label={t.readingMinutes}
            hint={t.readingMinutesHint}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            {...text('reading_minutes')}
          />
          <TextAreaField
            label={t.description}
            hint={t.descriptionHint}
            rows={3}
            maxLength={5000}
            {...text('description')}
            className="sm:col-span-3"
          />
          <TextAreaField
            label={t.body}
            hint={`${t.bodyHint} ${t.paragraphs(count)}`}
            rows={14}
            {...text('body')}
            className="sm:col-span-3"
          />
          <div className="sm:col-span-3">
            <PeoplePicker
              legend={t.authors}
              name="author_ids"
              value={draft.authors}
              error={form.error('author_ids')}
              onChange={(people) => set('authors', people, 'author_ids')}
            />
          </div>
        </div>
      </Panel>
      <Panel title={t.categories}>
        <CategoryChecklist
          legend={t.categories}
          hint={t.categoriesHint}
          categories={categories}
          value={draft.category_ids}
          error={form.error('category_ids')}
          onChange={(ids) => set('category_ids', ids)}
        />
      </Panel>
      <div className="flex justify-end">
        <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
          {summary ? t.save : t.create}
        </Submit>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// The side panels: status, cover, price

/** Where a summary stands: publish (it needs its text and its recording; the API says which is missing), withdraw, draft. */
export function SummaryStatusPanel({
  summary,
  onChanged,
}: {
  summary: DeskSummary;
  onChanged: (summary: DeskSummary) => void;
}) {
  const hydrated = useHydrated();
  const failed = useStaffFailure();
  const [acting, setActing] = useState<BookStatus | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);

  async function change(status: BookStatus) {
    setActing(status);
    setRefusal(null);
    try {
      const { data } = await adminApi().call(catalogDeskEndpoints.setSummaryStatus, {
        params: { id: summary.id },
        body: { status },
      });
      toast.success(t.statusDone(c.statuses[status]));
      onChanged(data);
    } catch (error) {
      setRefusal(failed(error));
    } finally {
      setActing(null);
    }
  }

  const button = (status: BookStatus, label: string, variant: Parameters<typeof adminButton>[0], run?: () => void) => (
    <button
      type="button"
      onClick={run ?? (() => void change(status))}
      disabled={!hydrated || acting !== null}
      className={adminButton(variant, 'md', 'max-sm:flex-1')}
    >
      {acting === status ? <Spinner /> : null}
      {label}
    </button>
  );

  return (
    <Panel title={t.statusTitle}>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <BookStatusChip book={noSchedule(summary.status)} />
          <HeldChips row={{ has_text: summary.body.length > 0, has_audio: summary.has_audio }} />
        </div>
        <p className="text-sm text-muted">
          {summary.status === 'draft'
            ? mn.admin.status.hints.draft
            : summary.status === 'published'
              ? mn.admin.status.hints.published
              : mn.admin.status.hints.withdrawn}
        </p>
        {summary.status !== 'published' ? <p className="text-sm text-muted">{t.needs}</p> : null}
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {summary.status !== 'published' ? button('published', t.publish, 'primary') : null}
          {summary.status === 'published'
            ? button('withdrawn', t.withdraw, 'quietDanger', () => setWithdrawing(true))
            : null}
          {summary.status === 'withdrawn' ? button('draft', t.toDraft, 'secondary') : null}
        </div>
      </div>
      {withdrawing ? (
        <ConfirmDialog
          title={t.withdraw}
          text={mn.admin.status.hints.withdrawn}
          confirmLabel={t.withdraw}
          onClose={() => setWithdrawing(false)}
          onConfirm={() => change('withdrawn')}
        />
      ) : null}
    </Panel>
  );
}

/** The cover (square, as the store's summary cards show it): the one now, or the chosen image while it is sent, and a new one. */
export function SummaryCoverPanel({
  summary,
  onChanged,
}: {
  summary: DeskSummary;
  onChanged: (summary: DeskSummary) => void;
}) {
  return (
    <SquareCoverPanel
      item={summary}
      lead={t.coverLead}
      send={async (uploadId) =>
        onChanged(
          (
            await adminApi().call(catalogDeskEndpoints.setSummaryCover, {
              params: { id: summary.id },
              body: { upload_id: uploadId },
            })
          ).data,
        )
      }
    />
  );
}

/** A square cover (a summary's, a bundle's): the one now, or the chosen image while it is sent; `send` attaches a finished upload. */
export function SquareCoverPanel({
  item,
  lead,
  send,
}: {
  item: { title: string; cover: Image };
  lead: string;
  send: (uploadId: string) => Promise<void>;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useResumableUpload('cover', async (id) => {
    await send(id);
    toast.success(mn.admin.files.coverDone);
  });
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = upload.sending && preview ? preview : item.cover.md || null;
  return (
    <Panel title={mn.admin.files.coverTitle} lead={lead}>
      <div className="flex gap-4">
        <div
          className="aspect-square w-24 shrink-0 overflow-hidden rounded-md ring-1 ring-line"
          style={{ backgroundColor: item.cover.color }}
        >
          {shown ? (
            <img src={shown} alt={mn.admin.files.coverAlt(item.title)} className="size-full object-cover" />
          ) : null}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          {upload.sending ? (
            <UploadProgress
              sending={upload.sending}
              pausable={false}
              onPause={upload.pause}
              onResume={upload.resume}
              onCancel={upload.cancel}
            />
          ) : (
            <FilePicker
              label={mn.admin.files.chooseCover}
              accept="image/jpeg,image/png,image/webp"
              onFiles={([file]) => {
                setPreview(URL.createObjectURL(file!));
                upload.start(file!);
              }}
            />
          )}
          {upload.refusal ? <Refusal refusal={upload.refusal} /> : null}
        </div>
      </div>
    </Panel>
  );
}

/** What the summary sells on its own, and which subscriptions open it (the book offers' form). */
export function SummaryOfferPanel({
  summaryId,
  offer,
  onChanged,
}: {
  summaryId: number;
  offer: DeskOffer | null;
  onChanged: (offer: DeskOffer | null) => void;
}) {
  return (
    <OneOfferPanel
      title={t.offerTitle}
      lead={t.offerLead}
      name={mn.admin.sections.summaries}
      offer={offer}
      save={async (body) =>
        onChanged(
          (await adminApi().call(catalogDeskEndpoints.saveSummaryOffer, { params: { id: summaryId }, body })).data,
        )
      }
      stop={async () =>
        onChanged((await adminApi().call(catalogDeskEndpoints.stopSummaryOffer, { params: { id: summaryId } })).data)
      }
    />
  );
}
