import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { mn } from '@nomsan/contracts/messages';
import type { AuditEntry, StaffMember } from '@nomsan/contracts/staff';
import { formatDateTime } from '~/lib/format';
import { TextField } from '~/ui/form';
import { DataTable, SelectField, adminButton, type Column } from './ui';

const t = mn.admin.audit;

/** The filter as the URL carries it (strings; empty for none). */
export interface AuditFilter {
  staff_id: string;
  object_type: string;
  object_id: string;
}

const AUDIT_FILTER_KEYS = ['staff_id', 'object_type', 'object_id'] as const;

/** `/admin/audit` with these filters (empty ones left out), from `before` when given. */
export function auditHref(filter: Partial<AuditFilter>, before?: number): string {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filter[key]?.trim();
    if (value) params.set(key, value);
  }
  if (before !== undefined) params.set('before', String(before));
  const query = params.toString();
  return query ? `/admin/audit?${query}` : '/admin/audit';
}

/** By person (from the staff list), object type and id; the URL holds them, so a view can be shared. */
export function AuditFilters({
  filter,
  people,
  errors,
}: {
  filter: AuditFilter;
  people: readonly StaffMember[];
  errors: Record<string, string>;
}) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(filter);
  // a new URL (a link in the table, the back button) is the filter shown
  const [shown, setShown] = useState(filter);
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  const set = (key: keyof AuditFilter) => (event: { target: { value: string } }) =>
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(auditHref(draft));
  }
  const types = Object.entries(t.objectTypes);
  return (
    <form
      method="get"
      action="/admin/audit"
      onSubmit={apply}
      aria-label={t.filters}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <SelectField
        label={t.person}
        name="staff_id"
        value={draft.staff_id}
        onChange={set('staff_id')}
        error={errors.staff_id}
      >
        <option value="">{t.everyone}</option>
        {people.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {person.removed ? `${person.name} (${mn.admin.staff.removed})` : person.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t.objectType}
        name="object_type"
        value={draft.object_type}
        onChange={set('object_type')}
        error={errors.object_type}
      >
        <option value="">{t.anyType}</option>
        {types.map(([type, label]) => (
          <option key={type} value={type}>
            {label}
          </option>
        ))}
        {draft.object_type && !(draft.object_type in t.objectTypes) ? (
          <option value={draft.object_type}>{draft.object_type}</option>
        ) : null}
      </SelectField>
      <TextField
        label={t.objectId}
        name="object_id"
        autoComplete="off"
        value={draft.object_id}
        onChange={set('object_id')}
        error={errors.object_id}
      />
      <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={adminButton('primary', 'md', 'h-12 flex-1 lg:flex-none')}>
          {t.apply}
        </button>
        <Link to="/admin/audit" className={adminButton('secondary', 'md', 'h-12')}>
          {t.clear}
        </Link>
      </div>
    </form>
  );
}

const show = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The state before and after, field by field: a changed field is marked, an unchanged one
 * greyed; a side that does not exist (something made, or removed) takes no column. What is not
 * an object is shown whole, as JSON.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-xs text-muted">{t.noChange}</span>;
  const was = isRecord(before) ? before : before == null ? {} : { '': before };
  const now = isRecord(after) ? after : after == null ? {} : { '': after };
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const sides = [
    ...(before == null ? [] : [{ name: t.before, values: was, tone: 'text-red-800', Mark: 'del' as const }]),
    ...(after == null ? [] : [{ name: t.after, values: now, tone: 'text-emerald-800', Mark: 'ins' as const }]),
  ];
  return (
    <table className="w-full table-fixed text-xs">
      <thead className="text-muted">
        <tr>
          <th scope="col" className="w-24 pr-3 pb-1 text-left font-semibold sm:w-28">
            {t.field}
          </th>
          {sides.map((side) => (
            <th key={side.name} scope="col" className="pr-3 pb-1 text-left font-semibold last:pr-0">
              {side.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="font-mono">
        {fields.map((field) => {
          const changed = show(was[field]) !== show(now[field]);
          return (
            <tr key={field} className={changed ? '' : 'text-muted'}>
              <th scope="row" className="pr-3 align-top font-sans font-semibold [overflow-wrap:anywhere]">
                {field}
              </th>
              {sides.map(({ name, values, tone, Mark }) => {
                const value = show(values[field]);
                return (
                  <td
                    key={name}
                    className={`pr-3 align-top [overflow-wrap:anywhere] last:pr-0 ${changed && value ? tone : ''}`}
                  >
                    {changed && value && sides.length === 2 ? (
                      <Mark className="no-underline">{value}</Mark>
                    ) : (
                      value || mn.admin.none
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The entries, newest first, in three columns (when and who, what to which object, the change)
 * so the change has the width; a person or an object links to the log filtered to it.
 */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const columns: Column<AuditEntry>[] = [
    {
      id: 'who',
      header: t.when,
      className: 'md:w-44',
      cell: (entry) => (
        <>
          <time
            dateTime={entry.at}
            title={entry.at}
            className="block text-xs whitespace-nowrap text-muted tabular-nums"
          >
            {formatDateTime(entry.at)}
          </time>
          {entry.staff_id === null ? (
            <span className="font-semibold">{entry.actor}</span>
          ) : (
            <Link to={auditHref({ staff_id: String(entry.staff_id) })} className="font-semibold hover:text-brand">
              {entry.actor}
            </Link>
          )}
        </>
      ),
    },
    {
      id: 'what',
      header: t.what,
      className: 'md:w-56',
      cell: (entry) => (
        <>
          <span className="block font-semibold">{t.actions[entry.action] ?? entry.action}</span>
          <Link
            to={auditHref({ object_type: entry.object_type, object_id: entry.object_id ?? '' })}
            className="text-sm hover:text-brand"
          >
            {t.objectTypes[entry.object_type] ?? entry.object_type}
            {entry.object_id ? (
              <span className="ml-1 font-mono text-xs text-muted [overflow-wrap:anywhere]">#{entry.object_id}</span>
            ) : null}
          </Link>
          <code className="block text-xs text-muted">{entry.action}</code>
        </>
      ),
    },
    {
      id: 'change',
      header: t.change,
      stacked: true,
      cell: (entry) => <AuditDiff before={entry.before} after={entry.after} />,
    },
  ];
  return <DataTable label={t.entries} columns={columns} rows={entries} rowKey={(entry) => entry.id} empty={t.empty} />;
}
