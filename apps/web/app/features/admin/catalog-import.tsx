import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImportChanged, ImportCreated, ImportRefused, ImportReport } from '@nomsan/contracts/catalog-import';
import { catalogImportEndpoints } from '@nomsan/contracts/catalog-import.endpoints';
import { mn } from '@nomsan/contracts/messages';
import { toast } from '~/lib/toasts';
import { adminApi } from './admin-api';
import { ConfirmDialog } from './dialog';
import { FilePicker, Refusal, UploadProgress, useResumableUpload } from './resumable-upload';
import { DataTable, Panel, adminButton, type Column } from './ui';

const t = mn.admin.catalogImport;
const field = mn.catalogImport.fields;
/** rows shown per table: a file of thousands is summed up above, not drawn whole */
const SHOWN = 100;

const money = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}₮`;

/** a changed field's value as people read it */
function shown(name: ImportChanged['fields'][number]['field'], value: string | null): string {
  if (value === null || value === '') return '—';
  if (name === 'price_mnt') return money(Number(value));
  if (name === 'on_sale') return value === 'true' ? t.yes : t.no;
  if (name === 'status') return t.statuses[value] ?? value;
  return value.length > 120 ? `${value.slice(0, 120)}…` : value;
}

const createdColumns: Column<ImportCreated>[] = [
  {
    id: 'book',
    header: t.book,
    bare: true,
    cell: (row) => (
      <div className="min-w-0">
        {row.book_id ? (
          <Link to={`/admin/catalog/${row.book_id}`} className="font-semibold text-brand hover:underline">
            {row.title}
          </Link>
        ) : (
          <p className="font-semibold [overflow-wrap:anywhere]">{row.title}</p>
        )}
        <p className="text-xs text-muted [overflow-wrap:anywhere]">{row.record}</p>
      </div>
    ),
  },
  { id: 'format', header: t.format, cell: (row) => t.formats[row.format] },
  {
    id: 'price',
    header: t.price,
    className: 'tabular-nums whitespace-nowrap',
    cell: (row) => (row.on_sale && row.price_mnt !== null ? money(row.price_mnt) : t.notOnSale),
  },
  {
    id: 'people',
    header: t.people,
    cell: (row) => (
      <span className="[overflow-wrap:anywhere]">{[...row.authors, ...row.narrators].join(', ') || '—'}</span>
    ),
  },
  { id: 'publisher', header: t.publisher, cell: (row) => row.publisher ?? '—' },
];

const changedColumns: Column<ImportChanged>[] = [
  {
    id: 'book',
    header: t.book,
    bare: true,
    className: 'md:w-1/3',
    cell: (row) => (
      <div className="min-w-0">
        <Link to={`/admin/catalog/${row.book_id}`} className="font-semibold text-brand hover:underline">
          {row.title}
        </Link>
        <p className="text-xs text-muted [overflow-wrap:anywhere]">{row.record}</p>
      </div>
    ),
  },
  {
    id: 'fields',
    header: t.fields,
    stacked: true,
    cell: (row) => (
      <ul className="space-y-1">
        {row.fields.map((change) => (
          <li key={change.field} className="[overflow-wrap:anywhere]">
            <span className="font-semibold">{field[change.field]}:</span>{' '}
            <del className="text-muted">{shown(change.field, change.before)}</del> →{' '}
            <ins className="no-underline">{shown(change.field, change.after)}</ins>
          </li>
        ))}
      </ul>
    ),
  },
];

const refusedColumns: Column<ImportRefused>[] = [
  {
    id: 'record',
    header: t.record,
    bare: true,
    className: 'md:w-1/3',
    cell: (row) => (
      <div className="min-w-0">
        <p className="font-semibold [overflow-wrap:anywhere]">{row.title ?? t.untitled}</p>
        <p className="text-xs text-muted [overflow-wrap:anywhere]">
          {row.record || '—'} · {t.position(row.position)}
        </p>
      </div>
    ),
  },
  {
    id: 'reasons',
    header: t.reasons,
    stacked: true,
    cell: (row) => (
      <ul className="list-disc space-y-0.5 pl-4 text-red-800">
        {row.reasons.map((reason) => (
          <li key={reason} className="[overflow-wrap:anywhere]">
            {reason}
          </li>
        ))}
      </ul>
    ),
  },
];

/** A table of the first rows, and how many more there are. */
function Listed<T>({
  title,
  rows,
  columns,
  rowKey,
}: {
  title: string;
  rows: readonly T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
}) {
  return (
    <Panel title={`${title} (${rows.length})`} flush>
      <DataTable label={title} columns={columns} rows={rows.slice(0, SHOWN)} rowKey={rowKey} empty={t.empty} />
      {rows.length > SHOWN ? (
        <p className="border-t border-line px-4 py-3 text-sm text-muted sm:px-5">{t.more(rows.length - SHOWN)}</p>
      ) : null}
    </Panel>
  );
}

const COUNT_TONES = {
  good: 'text-emerald-700',
  info: 'text-sky-700',
  neutral: 'text-ink',
  bad: 'text-red-700',
} as const;

function Count({ label, value, tone }: { label: string; value: number; tone: keyof typeof COUNT_TONES }) {
  return (
    <div className="rounded-lg border border-line px-3 py-2">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={`mt-0.5 text-xl font-bold tabular-nums ${value > 0 ? COUNT_TONES[tone] : 'text-ink'}`}>{value}</dd>
    </div>
  );
}

/** What a dry run (or an applied import) says: the counts, then created, changed and refused. */
export function ImportReportView({ report, actions }: { report: ImportReport; actions?: ReactNode }) {
  return (
    <div className="space-y-5">
      <Panel
        title={report.applied ? t.appliedTitle : t.summaryTitle}
        lead={
          report.applied
            ? t.appliedLead(report.file_name, report.products)
            : t.summaryLead(report.file_name, report.sender, report.products)
        }
      >
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Count label={t.created} value={report.created.length} tone="good" />
          <Count label={report.applied ? t.changedDone : t.changed} value={report.changed.length} tone="info" />
          <Count label={t.unchanged} value={report.unchanged} tone="neutral" />
          <Count label={t.refused} value={report.refused.length} tone="bad" />
        </dl>
        {report.created.length > 0 ? <p className="mt-4 text-sm text-muted">{t.draftsNote}</p> : null}
        {report.new_contributors.length > 0 || report.new_publishers.length > 0 ? (
          <p className="mt-2 text-sm text-muted">
            {[
              report.new_contributors.length > 0 ? t.newPeople(report.new_contributors.length) : null,
              report.new_publishers.length > 0 ? t.newPublishers(report.new_publishers.length) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
      </Panel>
      {report.created.length > 0 ? (
        <Listed
          title={report.applied ? t.createdDoneTitle : t.createdTitle}
          rows={report.created}
          columns={createdColumns}
          rowKey={(row) => row.record}
        />
      ) : null}
      {report.changed.length > 0 ? (
        <Listed
          title={report.applied ? t.changedDoneTitle : t.changedTitle}
          rows={report.changed}
          columns={changedColumns}
          rowKey={(row) => row.record}
        />
      ) : null}
      {report.refused.length > 0 ? (
        <Listed
          title={t.refusedTitle}
          rows={report.refused}
          columns={refusedColumns}
          rowKey={(row) => `${row.position}`}
        />
      ) : null}
    </div>
  );
}

/**
 * The import: the ONIX file sent resumably, its dry run shown, then applied after a
 * confirmation (the plan the dry run named, or a refusal if the catalogue moved meanwhile).
 */
export function CatalogImport() {
  const [report, setReport] = useState<ImportReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useResumableUpload('onix', async (id) => {
    const { data } = await adminApi().call(catalogImportEndpoints.preview, { body: { upload_id: id } });
    setReport(data);
  });

  async function apply(dry: ImportReport) {
    const { data } = await adminApi().call(catalogImportEndpoints.apply, {
      body: { upload_id: dry.upload_id, plan: dry.plan },
    });
    toast.success(t.done);
    setReport(data);
  }

  const pending = report && !report.applied;
  const anything = report ? report.created.length + report.changed.length > 0 : false;
  return (
    <div className="space-y-5">
      {!pending ? (
        <Panel title={t.fileTitle} lead={t.fileLead}>
          <div className="max-w-md space-y-3">
            {upload.sending ? (
              <UploadProgress
                sending={upload.sending}
                pausable
                onPause={upload.pause}
                onResume={upload.resume}
                onCancel={upload.cancel}
              />
            ) : (
              <FilePicker
                label={report ? t.another : t.choose}
                accept=".xml,.onix,application/xml,text/xml"
                onFiles={([file]) => {
                  setReport(null);
                  upload.start(file!);
                }}
              />
            )}
            {upload.refusal ? <Refusal refusal={upload.refusal} /> : null}
          </div>
        </Panel>
      ) : null}
      {report ? (
        <ImportReportView
          report={report}
          actions={
            pending ? (
              <>
                {anything ? (
                  <button type="button" onClick={() => setConfirming(true)} className={adminButton('primary')}>
                    {t.apply}
                  </button>
                ) : (
                  <p className="text-sm text-muted">{t.nothing}</p>
                )}
                <button type="button" onClick={() => setReport(null)} className={adminButton('secondary')}>
                  {t.another}
                </button>
              </>
            ) : report.created.length > 0 ? (
              <Link to="/admin/catalog?status=draft" className={adminButton('secondary')}>
                {t.seeDrafts}
              </Link>
            ) : null
          }
        />
      ) : null}
      {confirming && report && !report.applied ? (
        <ConfirmDialog
          title={t.confirmTitle}
          text={t.confirmText(report.created.length, report.changed.length)}
          confirmLabel={t.apply}
          onConfirm={() => apply(report)}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
