import { useId } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { STAFF_ROLES, type StaffRole } from '@nomsan/contracts/staff';

/** The roles to give someone, each with what it opens (mn.staff.roleHints). */
export function RoleCheckboxes({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (role: StaffRole, on: boolean) =>
    onChange(on ? STAFF_ROLES.filter((r) => r === role || value.includes(r)) : value.filter((r) => r !== role));
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className={`grid gap-1.5 sm:grid-cols-2 ${error ? 'rounded-lg ring-1 ring-red-600' : ''}`}>
        {STAFF_ROLES.map((role) => (
          <label
            key={role}
            className="flex cursor-pointer items-start gap-2.5 rounded-lg border border-line px-3 py-2 hover:border-brand has-[:checked]:border-brand has-[:checked]:bg-brand-soft/50"
          >
            <input
              type="checkbox"
              name="roles"
              value={role}
              checked={value.includes(role)}
              aria-labelledby={`${id}-${role}`}
              aria-describedby={`${id}-${role}-hint`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => toggle(role, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            <span className="min-w-0">
              <span id={`${id}-${role}`} className="block text-sm font-semibold">
                {mn.staff.roles[role]}
              </span>
              <span id={`${id}-${role}-hint`} className="block text-xs text-muted">
                {mn.staff.roleHints[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
