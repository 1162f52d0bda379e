import { useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { summaryOf, type ActionResult } from '~/lib/form';
import { useRetryWait } from '~/lib/retry-wait';
import { FormMessage, SubmitButton } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';

/** Whether this page's form is being posted (its action is running). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod === 'POST';
}

/**
 * The frame of a settings form: posts to the route's action (so it works without scripts),
 * checks the fields in the browser first, and says how the last post went. A refusal that says
 * when to come back counts down, and the submit stays disabled until then.
 */
export function SettingsForm<T>({
  form,
  result,
  success,
  submitLabel,
  children,
}: {
  form: { validate(element?: HTMLFormElement | null): boolean };
  result: ActionResult<T> | undefined;
  /** what to say when the last post succeeded */
  success: (answer: ActionResult<T> & { ok: true }) => ReactNode;
  submitLabel: string;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = usePosting();
  const retry = useRetryWait(result);
  const failure = result && !result.ok && !pending && !retry.over ? summaryOf(result) : null;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        if (retry.wait || !form.validate(formRef.current)) event.preventDefault();
      }}
      className="space-y-5 rounded-2xl border border-line p-5 sm:p-6"
    >
      {result?.ok && !pending ? <FormMessage tone="success">{success(result)}</FormMessage> : null}
      <FormAlert message={failure} wait={retry.wait} onWaitEnd={retry.end} />
      {children}
      <SubmitButton pending={pending} waiting={retry.wait !== null} className="sm:w-auto">
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
