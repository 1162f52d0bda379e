import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type RefObject } from 'react';
import type { z } from 'zod';
import { isApiError } from '@nomsan/contracts/client';
import { mn } from '@nomsan/contracts/messages';
import { useRetryWait } from './retry-wait';

/** A field's check: its Mongolian message when the value is wrong, undefined when it is fine. */
export type Check = (value: string) => string | undefined;

/** The first message of a contracts schema for `value` (the same schemas the API validates with). */
export function schemaError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : (result.error.issues[0]?.message ?? mn.errors.VALIDATION_ERROR);
}

/** A schema's messages by field (the first per field), as the API's `fields` would carry them. */
export function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  return fields;
}

/** A check from a schema; an empty value passes when the field is optional. */
export function checkWith(schema: z.ZodType, options: { optional?: boolean } = {}): Check {
  return (value) => (options.optional && value.trim() === '' ? undefined : schemaError(schema, value));
}

/** What went wrong with an API call, ready for a form: the message, and messages per field. */
export interface Failure {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
  retryAfterS?: number;
}

/** What a route action answers: its data, or the failure for the form. */
export type ActionResult<T> = ({ ok: true } & T) | ({ ok: false } & Failure);

/** The message above a form: none when the API pointed at fields (their messages say it all). */
export function summaryOf(failure: Failure): string | null {
  return Object.keys(failure.fields).length > 0 ? null : failure.message;
}

export function failureOf(error: unknown): Failure {
  if (isApiError(error)) {
    return {
      status: error.status,
      code: String(error.code),
      message: error.message,
      fields: { ...error.fields },
      ...(error.retryAfterS ? { retryAfterS: error.retryAfterS } : {}),
    };
  }
  // fetch itself failed: offline, or the server could not be reached
  return { status: 0, code: 'NETWORK', message: mn.authPages.offline, fields: {} };
}

/**
 * The state of a form's text fields, checked as the user types: a field shows its message once
 * the user has left it (or tried to submit), and from then on after every keystroke. Messages
 * the API sent for a field show until that field is edited. Values are never cleared here.
 */
export function useFormFields<K extends string>(
  checks: Record<K, Check>,
  initial: Record<K, string>,
  /** the field messages of a route action's latest answer, for forms that post to one */
  actionFields?: Record<string, string>,
) {
  const names = Object.keys(checks) as K[];
  const [values, setValues] = useState(initial);
  const [visible, setVisible] = useState<Partial<Record<K, boolean>>>({});
  const [fromServer, setFromServer] = useState(() => pick(names, actionFields ?? {}));

  // A new answer from the action replaces the server messages (adjusting state while rendering,
  // as React recommends for state derived from props).
  const [lastActionFields, setLastActionFields] = useState(actionFields);
  if (actionFields !== lastActionFields) {
    setLastActionFields(actionFields);
    setFromServer(pick(names, actionFields ?? {}));
  }

  const localError = (name: K) => checks[name](values[name]);
  const errorOf = (name: K) => fromServer[name] ?? (visible[name] ? localError(name) : undefined);

  function set(name: K, value: string) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFromServer((previous) => ({ ...previous, [name]: undefined }));
  }

  /** name, value, error and handlers for a `TextField` */
  function field(name: K) {
    return {
      name,
      value: values[name],
      error: errorOf(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.value),
      onBlur: () => {
        if (values[name] !== '') setVisible((previous) => ({ ...previous, [name]: true }));
      },
    };
  }

  /** Shows every message; false (and the first wrong field focused) when something is wrong. */
  function validate(form?: HTMLFormElement | null): boolean {
    setVisible(Object.fromEntries(names.map((name) => [name, true])) as Record<K, boolean>);
    const wrong = names.find((name) => localError(name) !== undefined);
    if (wrong) focusField(form, wrong);
    return wrong === undefined;
  }

  /**
   * Shows the API's messages under their fields; `aliases` maps a body field to the input that
   * holds it (e.g. `phone` and `email` to a single `contact` input).
   */
  function showServerErrors(
    fields: Record<string, string>,
    form?: HTMLFormElement | null,
    aliases: Partial<Record<string, K>> = {},
  ) {
    const mapped = pick(names, fields, aliases);
    setFromServer(mapped);
    const first = names.find((name) => mapped[name] !== undefined);
    if (first) focusField(form, first);
  }

  /** Starts again from `next` (after a successful save that should empty the form). */
  function reset(next: Record<K, string>) {
    setValues(next);
    setVisible({});
    setFromServer({});
  }

  return { values, set, field, validate, showServerErrors, reset };
}

function pick<K extends string>(
  names: K[],
  fields: Record<string, string>,
  aliases: Partial<Record<string, K>> = {},
): Partial<Record<K, string>> {
  const mapped: Partial<Record<K, string>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = aliases[key] ?? (names.includes(key as K) ? (key as K) : undefined);
    if (name && mapped[name] === undefined) mapped[name] = message;
  }
  return mapped;
}

type FormFields<K extends string> = ReturnType<typeof useFormFields<K>>;

/**
 * A form sent from the browser (sign-in and code flows, whose answer sets the session cookie):
 * checks every field first, then runs `send`; a failure shows the API's summary above the form
 * and its field messages under their inputs, and the form is usable again. A refusal that says
 * when to come back (429) is a `wait`: the form counts it down and sends nothing until `endWait`.
 * On success `send` navigates away, so the button stays busy.
 */
export function useBrowserSubmit<K extends string>(
  form: FormFields<K>,
  formRef: RefObject<HTMLFormElement | null>,
  aliases: Partial<Record<string, K>> = {},
) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const retry = useRetryWait(failure);

  function submit(send: () => Promise<void>) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (retry.wait) return;
      setFailure(null);
      if (!form.validate(formRef.current)) return;
      setPending(true);
      try {
        await send();
      } catch (error) {
        const next = failureOf(error);
        setFailure(next);
        form.showServerErrors(next.fields, formRef.current, aliases);
        setPending(false);
      }
    };
  }

  return {
    pending,
    message: failure && !retry.over ? summaryOf(failure) : null,
    wait: retry.wait,
    endWait: retry.end,
    submit,
  };
}

/** Runs `handle` once for each new answer of a route action or fetcher (not on re-renders). */
export function useOnResult<T>(result: T | undefined, handle: (result: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (result === undefined || result === handled.current) return;
    handled.current = result;
    latest.current(result);
  }, [result]);
}

function focusField(form: HTMLFormElement | null | undefined, name: string) {
  const element = form?.elements.namedItem(name);
  if (element instanceof HTMLInputElement) element.focus();
}
