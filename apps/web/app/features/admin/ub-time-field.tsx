import { useId } from 'react';
import { mn } from '@nomsan/contracts/messages';
import { isoToUbInput } from './ub-time';

const t = mn.admin.time;
const YEARS_AHEAD = 4;
const MINUTE_STEP = 5;

const pad = (n: number) => String(n).padStart(2, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

type Parts = [year: string, month: string, day: string, hour: string, minute: string];

/** 'YYYY-MM-DDTHH:mm' into its five parts; a part not chosen yet is ''. */
function partsOf(value: string): Parts {
  const match = /^(\d*)-(\d*)-(\d*)T(\d*):(\d*)$/.exec(value);
  return match ? [match[1]!, match[2]!, match[3]!, match[4]!, match[5]!] : ['', '', '', '', ''];
}

/** The five parts back into 'YYYY-MM-DDTHH:mm'; '' when none is chosen (an unfinished one stays unfinished, so the schema says so). */
const valueOf = ([year, month, day, hour, minute]: Parts) =>
  [year, month, day, hour, minute].every((part) => part === '') ? '' : `${year}-${month}-${day}T${hour}:${minute}`;

/**
 * A minute in Ulaanbaatar time, chosen as year, month, day, hour and minute, each a select in
 * Mongolian. The browser's own date-time input speaks the browser's language and shows the
 * computer's clock zone's conventions, which here would be English and the wrong zone.
 * The value is what `<input type="datetime-local">` would hold: 'YYYY-MM-DDTHH:mm', '' for none.
 */
export function UbDateTimeField({
  label,
  hint,
  name,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  const parts = partsOf(value);
  const thisYear = Number(isoToUbInput(new Date().toISOString()).slice(0, 4));
  const years = range(thisYear, thisYear + YEARS_AHEAD).map(String);
  if (parts[0] && !years.includes(parts[0])) years.unshift(parts[0]);
  const minutes = range(0, 59 / MINUTE_STEP).map((step) => pad(step * MINUTE_STEP));
  if (parts[4] && !minutes.includes(parts[4])) minutes.push(parts[4]);
  minutes.sort();
  const choices: { label: string; options: { value: string; text: string }[] }[] = [
    { label: t.year, options: years.map((year) => ({ value: year, text: year })) },
    { label: t.month, options: range(1, 12).map((month) => ({ value: pad(month), text: t.monthName(month) })) },
    { label: t.day, options: range(1, 31).map((day) => ({ value: pad(day), text: String(day) })) },
    { label: t.hour, options: range(0, 23).map((hour) => ({ value: pad(hour), text: pad(hour) })) },
    { label: t.minute, options: minutes.map((minute) => ({ value: minute, text: minute })) },
  ];
  const set = (index: number, part: string) => {
    const next = [...parts] as Parts;
    next[index] = part;
    onChange(valueOf(next));
  };
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  const select = (index: number, className: string) => {
    const choice = choices[index]!;
    return (
      <div className={`min-w-0 ${className}`}>
        <label htmlFor={`${id}-${index}`} className="mb-0.5 block text-xs text-muted">
          {choice.label}
        </label>
        <select
          id={`${id}-${index}`}
          // the first part carries the field's name: a refusal's message focuses it
          name={index === 0 ? name : undefined}
          value={parts[index]}
          onChange={(event) => set(index, event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`h-10 w-full rounded-lg border bg-white px-2 text-base text-ink tabular-nums focus:border-brand sm:text-sm ${error ? 'border-red-600' : 'border-line'}`}
        >
          <option value="">{mn.admin.none}</option>
          {choice.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.text}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-semibold text-ink">{label}</legend>
      <div className="grid grid-cols-[5fr_6fr_4fr] gap-2">
        {select(0, '')}
        {select(1, '')}
        {select(2, '')}
      </div>
      <div className="mt-2 grid grid-cols-[1fr_auto_1fr] items-end gap-1.5">
        {select(3, '')}
        <span aria-hidden="true" className="pb-2 font-bold text-muted">
          :
        </span>
        {select(4, '')}
      </div>
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
    </fieldset>
  );
}
