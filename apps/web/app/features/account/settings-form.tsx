import { useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import { summaryOf, type ActionResult } from '~/lib/form';
import { FormMessage } from '~/ui/form';

/** Whether this page's form is being posted (its action is running). */
export function usePosting(): boolean {
  const navigation = useNavigation();
  return navigation.state !== 'idle' && navigation.formMethod === 'POST';
}

/**
 * The frame of a settings form: posts to the route's action (so it works without scripts),
 * checks the fields in the browser first, and says how the last post went.
 */
export function SettingsForm<T>({
  form,
  result,
  success,
  children,
}: {
  form: { validate(element?: HTMLFormElement | null): boolean };
  result: ActionResult<T> | undefined;
  /** what to say when the last post succeeded */
  success: (answer: ActionResult<T> & { ok: true }) => ReactNode;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const pending = usePosting();
  const failure = result && !result.ok && !pending ? summaryOf(result) : null;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => {
        if (!form.validate(formRef.current)) event.preventDefault();
      }}
      className="space-y-5 rounded-2xl border border-line p-5 sm:p-6"
    >
      {result?.ok && !pending ? <FormMessage tone="success">{success(result)}</FormMessage> : null}
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      {children}
    </Form>
  );
}
