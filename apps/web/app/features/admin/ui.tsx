import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { mn } from '@nomsan/contracts/messages';
import type { StaffRole } from '@nomsan/contracts/staff';
import { toast } from '~/lib/toasts';
import { useHydrated } from '~/lib/use-hydrated';
import { Spinner } from '~/ui/form';

/**
 * The back office's own primitives: the store's colours and type, denser (smaller controls,
 * squarer corners, tables) and without the marketing pages' pills and big buttons.
 */

const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const VARIANTS = {
  primary: 'bg-brand text-white hover:bg-brand-dark',
  secondary: 'border border-line bg-white text-ink hover:border-brand hover:text-brand',
  danger: 'bg-red-600 text-white hover:bg-red-700',
  quiet: 'text-ink hover:bg-surface',
  quietDanger: 'text-red-700 hover:bg-red-50',
} as const;
const SIZES = { sm: 'h-8 px-2.5 text-sm', md: 'h-10 px-4 text-sm' } as const;

export function adminButton(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md', extra = '') {
  return `${BUTTON} ${VARIANTS[variant]} ${SIZES[size]} ${extra}`.trim();
}

/**
 * A form's submit: off until the page runs script (every back-office form sends through it,
 * never as a plain post), busy with a spinner while its request runs, off while a wait counts down.
 */
export function Submit({
  pending,
  waiting = false,
  variant = 'primary',
  className = '',
  children,
}: {
  pending: boolean;
  waiting?: boolean;
  variant?: keyof typeof VARIANTS;
  className?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={!hydrated || pending || waiting}
      aria-busy={pending || undefined}
      className={adminButton(variant, 'md', className)}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A page's title, what it is for, and its actions on the right. */
export function PageHeader({ title, lead, actions }: { title: string; lead?: string; actions?: ReactNode }) {
  return (
    <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-xl font-bold tracking-tight sm:text-2xl">{title}</h1>
        {lead ? <p className="mt-1 max-w-3xl text-sm text-muted">{lead}</p> : null}
      </div>
      {actions}
    </header>
  );
}

/** A titled block of a page (a form, a table): white on the back office's grey. */
export function Panel({
  title,
  lead,
  actions,
  children,
  flush = false,
  className = '',
}: {
  title?: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  /** no padding around the content (a table reaching the edges) */
  flush?: boolean;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={`rounded-xl border border-line bg-white ${className}`}
    >
      {title ? (
        <div className="flex flex-wrap items-start justify-between gap-2 border-b border-line px-4 py-3 sm:px-5">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-bold">
              {title}
            </h2>
            {lead ? <p className="mt-0.5 text-sm text-muted">{lead}</p> : null}
          </div>
          {actions}
        </div>
      ) : null}
      <div className={flush ? '' : 'p-4 sm:p-5'}>{children}</div>
    </section>
  );
}

const TONES = {
  neutral: 'bg-surface text-muted ring-line',
  brand: 'bg-brand-soft text-brand-dark ring-brand/20',
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-800 ring-amber-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
} as const;
export type Tone = keyof typeof TONES;

export function Chip({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

const ROLE_TONES: Record<StaffRole, Tone> = {
  owner: 'brand',
  editor: 'info',
  support: 'warn',
  finance: 'good',
  marketing: 'neutral',
};

/** Roles as chips, in Mongolian. */
export function RoleChips({ roles }: { roles: readonly StaffRole[] }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label={mn.admin.staff.roles}>
      {roles.map((role) => (
        <li key={role}>
          <Chip tone={ROLE_TONES[role]}>{mn.staff.roles[role]}</Chip>
        </li>
      ))}
    </ul>
  );
}

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** classes of this column's cells (width, alignment) */
  className?: string;
  /** on a phone, the column's name above the content, which gets the whole width (wide content) */
  stacked?: boolean;
  /** on a phone, no name at all: the content says what it is (a title with its cover heading the card) */
  bare?: boolean;
}

/**
 * A table of rows: columns on a wide screen; on a phone each row is a card whose cells carry
 * their column's name. One DOM for both (no copy for the phone), so a row's buttons exist once.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowClassName,
  empty,
}: {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string;
  empty: string;
}) {
  if (rows.length === 0) return <p className="px-4 py-8 text-center text-sm text-muted sm:px-5">{empty}</p>;
  return (
    <table aria-label={label} className="w-full text-left text-sm max-md:block">
      <thead className="border-b border-line bg-surface/60 text-xs text-muted max-md:sr-only">
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className="px-3 py-2.5 font-semibold first:pl-5 last:pr-5">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line max-md:block">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={`align-top max-md:block max-md:px-4 max-md:py-3 sm:max-md:px-5 ${rowClassName?.(row) ?? ''}`}
          >
            {columns.map((column) => (
              <td
                key={column.id}
                data-label={column.header}
                className={`max-md:flex max-md:py-1 md:px-3 md:py-3 md:first:pl-5 md:last:pr-5 ${column.bare ? 'max-md:pb-2' : `${column.stacked ? 'max-md:flex-col max-md:gap-1' : 'max-md:gap-3'} max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:leading-5 max-md:before:font-semibold max-md:before:text-muted max-md:before:content-[attr(data-label)]`} ${column.className ?? ''}`}
              >
                <div className="min-w-0 max-md:flex-1">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A labelled select with its error below, like the store's TextField. */
export function SelectField({
  label,
  error,
  className = '',
  children,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { label: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-12 w-full rounded-xl border bg-white px-3 text-base text-ink focus:border-brand ${error ? 'border-red-600' : 'border-line'}`}
        {...select}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled multi-line input with its hint and error below, like the store's TextField. */
export function TextAreaField({
  label,
  error,
  hint,
  className = '',
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink focus:border-brand ${error ? 'border-red-600' : 'border-line'}`}
        {...textarea}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Copies `text`; says so in a toast (or that it could not, so the user selects it by hand). */
export function CopyButton({
  text,
  label = mn.admin.copy,
  className = '',
}: {
  text: string;
  label?: string;
  className?: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(mn.admin.copied);
    } catch {
      toast.error(mn.admin.copyFailed);
    }
  }
  return (
    <button type="button" onClick={() => void copy()} className={adminButton('secondary', 'sm', className)}>
      {label}
    </button>
  );
}
