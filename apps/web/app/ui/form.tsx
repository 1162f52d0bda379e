import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { useHydrated } from '~/lib/use-hydrated';
import { buttonClass } from './buttons';
import { EyeIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

interface TextFieldProps extends InputProps {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** a control inside the input's right edge (the password's show button) */
  trailing?: ReactNode;
}

/**
 * A labelled input with its hint and error below, both linked with aria-describedby; the error
 * also sets aria-invalid. 16px text, so phones do not zoom in.
 */
export function TextField({ label, error, hint, trailing, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`h-12 w-full rounded-xl border bg-white px-4 text-base text-ink placeholder:text-muted/70 focus:border-brand disabled:bg-surface ${
            error ? 'border-red-600' : 'border-line'
          } ${trailing ? 'pr-12' : ''}`}
          {...input}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a button that shows what was typed (once scripts run). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  const hydrated = useHydrated();
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        hydrated && (
          <button
            type="button"
            aria-pressed={shown}
            aria-label={mn.authPages.showPassword}
            title={mn.authPages.showPassword}
            onClick={() => setShown(!shown)}
            className="inline-flex size-10 items-center justify-center rounded-lg text-muted hover:text-ink"
          >
            <EyeIcon crossed={shown} />
          </button>
        )
      }
    />
  );
}

/**
 * The form's submit: disabled while its request runs (and until the page is interactive, for
 * forms that need script), showing a spinner meanwhile; `waiting` disables it while a refusal's
 * countdown runs (only once scripts run, since only they can end the wait).
 */
export function SubmitButton({
  pending,
  children,
  needsScript = false,
  waiting = false,
  className = '',
}: {
  pending: boolean;
  children: ReactNode;
  needsScript?: boolean;
  waiting?: boolean;
  className?: string;
}) {
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={pending || (needsScript && !hydrated) || (waiting && hydrated)}
      aria-busy={pending || undefined}
      className={buttonClass('primary', 'lg', `w-full ${className}`)}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}

/** A message about the whole form, announced when it appears. */
export function FormMessage({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-4 py-3 text-sm ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {children}
    </p>
  );
}
