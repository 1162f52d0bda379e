import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { failureOf, fieldsOf, type Failure } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { isSessionLost, signInHref } from './access';

/**
 * A back-office form: its input is checked with the contract's schema (the one the API checks
 * with), each message under its field; then `send` gets the parsed body. A refusal shows the
 * API's messages under their fields, or above the form when it names none of `fields`; a
 * refusal that says when to come back (429) counts down before the form sends again; a session
 * that ended meanwhile (401 UNAUTHORIZED) goes to the sign-in page, which comes back here.
 */
export function useStaffForm<S extends z.ZodType>(
  schema: S,
  fields: readonly string[],
  options: {
    /** what a lost session means here instead (the sign-in's code step: its challenge ran out) */
    onUnauthorized?: (failure: Failure) => void;
    /** refusals by error code that belong under a field (a wrong code: `{ OTP_INVALID: 'code' }`) */
    fieldFor?: Record<string, string>;
  } = {},
) {
  const navigate = useNavigate();
  const location = useLocation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [pending, setPending] = useState(false);
  const retry = useRetryWait(failure);

  async function submit(
    form: HTMLFormElement | null,
    input: z.input<S>,
    send: (body: z.output<S>) => Promise<void>,
  ): Promise<void> {
    if (pending || retry.wait) return;
    setFailure(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const local = fieldsOf(parsed.error);
      setErrors(local);
      focusFirst(form, fields, local);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await send(parsed.data);
    } catch (error) {
      const refusal = placed(failureOf(error), options.fieldFor);
      if (isSessionLost(refusal)) {
        if (options.onUnauthorized) options.onUnauthorized(refusal);
        else void navigate(signInHref(`${location.pathname}${location.search}`));
        return;
      }
      setFailure(refusal);
      setErrors(refusal.fields);
      focusFirst(form, fields, refusal.fields);
    } finally {
      setPending(false);
    }
  }

  const named = failure ? fields.some((name) => failure.fields[name] !== undefined) : false;
  return {
    submit,
    pending,
    /** a field's message, if any */
    error: (name: string): string | undefined => errors[name],
    /** drops a field's message once the user edits it */
    clear: (name: string) => setErrors((previous) => (name in previous ? omit(previous, name) : previous)),
    /** the message above the form: a refusal that names no field of this form */
    message: failure && !retry.over && !named ? failure.message : null,
    wait: retry.wait,
    endWait: retry.end,
    /** forgets messages (a dialog closed, a step left) */
    reset: () => {
      setErrors({});
      setFailure(null);
    },
  };
}

/** A refusal whose code belongs under a field, with its message there. */
function placed(failure: Failure, fieldFor: Record<string, string> = {}): Failure {
  const field = fieldFor[failure.code];
  return field && failure.fields[field] === undefined
    ? { ...failure, fields: { ...failure.fields, [field]: failure.message } }
    : failure;
}

function omit(record: Record<string, string>, name: string): Record<string, string> {
  const rest = { ...record };
  delete rest[name];
  return rest;
}

function focusFirst(form: HTMLFormElement | null, fields: readonly string[], errors: Record<string, string>) {
  const first = fields.find((name) => errors[name] !== undefined);
  if (!first || !form) return;
  const element = form.elements.namedItem(first);
  const target = element instanceof RadioNodeList ? element[0] : element;
  if (target instanceof HTMLElement) target.focus();
}

/**
 * What a failed call outside a form says (a search, a row's button, an upload's attach): the
 * API's Mongolian message; a session that ended meanwhile goes to the sign-in page instead
 * (null: nothing to show here).
 */
export function useStaffFailure(): (error: unknown) => string | null {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (error) => {
    const failure = failureOf(error);
    if (!isSessionLost(failure)) return failure.message;
    void navigate(signInHref(`${pathname}${search}`));
    return null;
  };
}
