import { useRef, useState } from 'react';
import {
  BUNDLE_KINDS,
  BUNDLE_SORTS,
  deskBundleCreate,
  deskBundleItemsRequest,
  type BundleKind,
  type DeskBundle,
  type DeskBundleRow,
} from '@nomsan/contracts/bundle-desk';
import { bundleDeskEndpoints } from '@nomsan/contracts/bundle-desk.endpoints';
import { catalogDeskEndpoints } from '@nomsan/contracts/catalog-desk.endpoints';
import { mn } from '@nomsan/contracts/messages';
import type { z } from 'zod';
import { formatDateTime, formatMnt } from '~/lib/format';
import { toast } from '~/lib/toasts';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner, TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { OneOfferPanel } from './catalog-book-offers';
import { ManyPicker, type Named } from './catalog-pickers';
import { saveDeskForm } from './desk-page';
import { DeskFilters, DeskTable, titleColumn, type DeskFilter, type DeskList } from './desk-table';
import { useStaffFailure, useStaffForm } from './form';
import { SquareCoverPanel } from './summary-desk';
import { Chip, Panel, SelectField, Submit, TextAreaField, adminButton, type Column } from './ui';

const t = mn.admin.bundles;
const c = mn.admin.catalog;

// ---------------------------------------------------------------------------------------------
// The list

type BundleFilterKey = 'q' | 'kind' | 'active' | 'sort';
/** `/admin/bundles`: its filter's keys as the URL carries them */
export const BUNDLE_LIST: DeskList<BundleFilterKey> = { path: '/admin/bundles', keys: ['q', 'kind', 'active', 'sort'] };

/** The start of a title or an id, kind, on sale or not, and order; kept in the URL. */
export function BundleFilters({
  filter,
  errors,
}: {
  filter: DeskFilter<BundleFilterKey>;
  errors: Record<string, string>;
}) {
  return (
    <DeskFilters
      list={BUNDLE_LIST}
      filter={filter}
      errors={errors}
      selects={[
        { key: 'kind', label: t.kind, any: t.anyKind, options: BUNDLE_KINDS.map((kind) => [kind, t.kinds[kind]]) },
        {
          key: 'active',
          label: t.active,
          any: t.anyActive,
          options: (['true', 'false'] as const).map((value) => [value, t.actives[value]]),
        },
        { key: 'sort', label: c.sort, options: BUNDLE_SORTS.map((sort) => [sort, t.sorts[sort]]) },
      ]}
    />
  );
}

/** On sale or not, as a chip. */
function SaleChip({ active }: { active: boolean }) {
  return active ? <Chip tone="good">{t.onSale}</Chip> : <Chip>{t.offSale}</Chip>;
}

/** A page of bundles: cover and title (to its page) with its kind and titles, on sale, its price, when it was made. */
export function BundleTable({ rows }: { rows: readonly DeskBundleRow[] }) {
  const columns: Column<DeskBundleRow>[] = [
    titleColumn(
      t.bundle,
      (row) => `/admin/bundles/${row.id}`,
      (row) => `${t.kinds[row.kind]} · ${t.items(row.items_count)}`,
    ),
    { id: 'active', header: t.active, className: 'md:w-44', cell: (row) => <SaleChip active={row.active} /> },
    {
      id: 'price',
      header: t.price,
      className: 'md:w-36 tabular-nums',
      cell: (row) =>
        row.price_mnt === null ? <span className="text-xs text-muted">{t.noPrice}</span> : formatMnt(row.price_mnt),
    },
    {
      id: 'created',
      header: t.created,
      className: 'md:w-40 whitespace-nowrap tabular-nums',
      cell: (row) => <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>,
    },
  ];
  return <DeskTable label={t.list} columns={columns} rows={rows} empty={t.empty} />;
}

// ---------------------------------------------------------------------------------------------
// The form

type Fields = z.output<typeof deskBundleCreate>;
/** the fields a patch may hold (the kind is chosen once) */
const PATCHED = ['title', 'description'] as const satisfies readonly (keyof Fields)[];
const FIELDS = ['title', 'kind', 'description'] as const;

interface Draft {
  title: string;
  description: string;
  kind: BundleKind;
}

const draftOf = (bundle: DeskBundle | null): Draft => ({
  title: bundle?.title ?? '',
  description: bundle?.description ?? '',
  kind: bundle?.kind ?? 'book',
});

/**
 * A bundle's title and description, and its kind when it is new (`bundle` null); checked with
 * the contract's schema first, only the changes sent.
 */
export function BundleForm({ bundle, onSaved }: { bundle: DeskBundle | null; onSaved: (bundle: DeskBundle) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState(() => draftOf(bundle));
  const form = useStaffForm(deskBundleCreate, FIELDS);
  const text = (key: 'title' | 'description') => ({
    name: key,
    value: draft[key],
    error: form.error(key),
    onChange: (event: { target: { value: string } }) => {
      setDraft((previous) => ({ ...previous, [key]: event.target.value }));
      form.clear(key);
    },
  });

  const send = () =>
    form.submit(formRef.current, draft, (fields) =>
      saveDeskForm({
        fields,
        keys: PATCHED,
        before: bundle ? deskBundleCreate.safeParse(draftOf(bundle)) : null,
        create: async (body) => (await adminApi().call(bundleDeskEndpoints.createBundle, { body })).data,
        update: async ({ title, description }) =>
          (
            await adminApi().call(bundleDeskEndpoints.updateBundle, {
              params: { id: bundle!.id },
              body: {
                ...(title !== undefined ? { title } : {}),
                ...(description !== undefined ? { description } : {}),
              },
            })
          ).data,
        said: { created: t.createdToast, saved: t.saved },
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
          <TextField label={t.titleLabel} autoComplete="off" {...text('title')} className="sm:col-span-2" />
          <SelectField
            label={t.kind}
            name="kind"
            value={draft.kind}
            disabled={bundle !== null}
            error={form.error('kind')}
            onChange={(event) => {
              const kind = event.target.value === 'summary' ? 'summary' : 'book';
              setDraft((previous) => ({ ...previous, kind }));
            }}
          >
            {BUNDLE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t.kinds[kind]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label={t.description}
            hint={t.descriptionHint}
            rows={4}
            maxLength={5000}
            {...text('description')}
            className="sm:col-span-3"
          />
        </div>
        {bundle ? null : <p className="mt-2 text-sm text-muted">{t.kindHint}</p>}
      </Panel>
      <div className="flex justify-end">
        <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
          {bundle ? t.save : t.create}
        </Submit>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------
// Its titles, its sale, its cover, its price

const RESULTS = 8;
/** titles of the bundle's kind, found by the start of their title or their id */
const searchOf =
  (kind: BundleKind) =>
  async (q: string): Promise<Named[]> => {
    const query = { ...(q ? { q } : {}), sort: 'title' as const, limit: RESULTS };
    const rows =
      kind === 'book'
        ? (await adminApi().call(catalogDeskEndpoints.books, { query })).data.rows
        : (await adminApi().call(catalogDeskEndpoints.summaries, { query })).data.rows;
    return rows.map((row) => ({ id: row.id, name: row.title }));
  };

/** Its books or summaries, in the order its page shows them: chosen with the pickers, moved, removed, then saved. */
export function BundleItemsPanel({
  bundle,
  onChanged,
}: {
  bundle: DeskBundle;
  onChanged: (bundle: DeskBundle) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [items, setItems] = useState<Named[]>(() => bundle.items.map(({ id, title }) => ({ id, name: title })));
  const unpublished = new Set(bundle.items.filter((item) => !item.published).map((item) => item.id));
  const form = useStaffForm(deskBundleItemsRequest, ['item_ids']);
  return (
    <Panel title={t.itemsTitle} lead={t.itemsLead}>
      <form
        ref={formRef}
        noValidate
        aria-label={t.itemsTitle}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(formRef.current, { item_ids: items.map((item) => item.id) }, async (body) => {
            const { data } = await adminApi().call(bundleDeskEndpoints.setBundleItems, {
              params: { id: bundle.id },
              body,
            });
            toast.success(t.itemsSaved);
            onChanged(data);
          });
        }}
        className="space-y-3"
      >
        <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
        <ManyPicker
          legend={bundle.kind === 'book' ? t.bookItems : t.summaryItems}
          name="item_ids"
          value={items}
          error={form.error('item_ids')}
          search={searchOf(bundle.kind)}
          onChange={(next) => {
            setItems(next);
            form.clear('item_ids');
          }}
        />
        {items.some((item) => unpublished.has(item.id)) ? (
          <p className="text-sm text-muted">
            {t.notPublished}:{' '}
            {items
              .filter((item) => unpublished.has(item.id))
              .map((item) => item.name)
              .join(', ')}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
            {t.itemsSave}
          </Submit>
        </div>
      </form>
    </Panel>
  );
}

/** On sale or off: on sale needs titles and a price (the API says which is missing). */
export function BundleSalePanel({
  bundle,
  onChanged,
}: {
  bundle: DeskBundle;
  onChanged: (bundle: DeskBundle) => void;
}) {
  const hydrated = useHydrated();
  const failed = useStaffFailure();
  const [acting, setActing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function change(active: boolean) {
    setActing(true);
    setRefusal(null);
    try {
      const { data } = await adminApi().call(bundleDeskEndpoints.setBundleActive, {
        params: { id: bundle.id },
        body: { active },
      });
      toast.success(active ? t.putOnSaleDone : t.takeOffDone);
      onChanged(data);
    } catch (error) {
      setRefusal(failed(error));
    } finally {
      setActing(false);
    }
  }

  return (
    <Panel title={t.activeTitle}>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <SaleChip active={bundle.active} />
          <Chip tone="info">{t.items(bundle.items.length)}</Chip>
          {bundle.offer?.price_mnt != null ? <Chip tone="brand">{formatMnt(bundle.offer.price_mnt)}</Chip> : null}
        </div>
        {bundle.active ? null : <p className="text-sm text-muted">{t.needs}</p>}
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
        <button
          type="button"
          onClick={() => void change(!bundle.active)}
          disabled={!hydrated || acting}
          className={adminButton(bundle.active ? 'quietDanger' : 'primary', 'md', 'max-sm:w-full')}
        >
          {acting ? <Spinner /> : null}
          {bundle.active ? t.takeOff : t.putOnSale}
        </button>
      </div>
    </Panel>
  );
}

/** Its square cover, sent resumably and cut by the media intake. */
export function BundleCoverPanel({
  bundle,
  onChanged,
}: {
  bundle: DeskBundle;
  onChanged: (bundle: DeskBundle) => void;
}) {
  return (
    <SquareCoverPanel
      item={bundle}
      lead={t.coverLead}
      send={async (uploadId) =>
        onChanged(
          (
            await adminApi().call(bundleDeskEndpoints.setBundleCover, {
              params: { id: bundle.id },
              body: { upload_id: uploadId },
            })
          ).data,
        )
      }
    />
  );
}

/** Its price, through the titles' offer form (format `bundle`). */
export function BundleOfferPanel({
  bundle,
  onChanged,
}: {
  bundle: DeskBundle;
  onChanged: (bundle: DeskBundle) => void;
}) {
  return (
    <OneOfferPanel
      title={t.offerTitle}
      lead={t.offerLead}
      name={t.bundle}
      offer={bundle.offer}
      save={async (body) =>
        onChanged(
          (await adminApi().call(bundleDeskEndpoints.saveBundleOffer, { params: { id: bundle.id }, body })).data,
        )
      }
      stop={async () =>
        onChanged((await adminApi().call(bundleDeskEndpoints.stopBundleOffer, { params: { id: bundle.id } })).data)
      }
    />
  );
}
