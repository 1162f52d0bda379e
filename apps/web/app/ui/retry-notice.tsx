import { mn } from '@nomsan/contracts/messages';
import type { RetryWait } from '~/lib/retry-wait';
import { Countdown } from './countdown';
import { FormMessage } from './form';

/**
 * A refusal that says when to come back: the API's message and the time left, counting down;
 * `onDone` at zero (the form enables its button again).
 */
export function RetryNotice({ wait, onDone }: { wait: RetryWait; onDone: () => void }) {
  return (
    <FormMessage>
      {wait.message}{' '}
      <Countdown seconds={wait.seconds} restartKey={wait.key} onDone={onDone} format={mn.countdown.retryIn} />
    </FormMessage>
  );
}

/** The message above a form: a refusal with its countdown, another failure, or nothing. */
export function FormAlert({
  message,
  wait,
  onWaitEnd,
}: {
  message: string | null;
  wait: RetryWait | null;
  onWaitEnd: () => void;
}) {
  if (wait) return <RetryNotice wait={wait} onDone={onWaitEnd} />;
  return message ? <FormMessage>{message}</FormMessage> : null;
}
