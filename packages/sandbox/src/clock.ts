import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

/** Where the sandbox's test clock is moved. */
export const SANDBOX_CLOCK_PATH = '/sandbox/clock';

/** The clock the sandbox moves: the system's time plus an offset (apps/api/src/lib/clock.ts). */
export interface MovableClock {
  now(): Date;
  offsetMs(): number;
  advance(ms: number): void;
  reset(): void;
}

const move = z
  .object({
    /** milliseconds to move ahead (negative: back) */
    advance_ms: z
      .number()
      .int()
      .min(-3650 * 86_400_000)
      .max(3650 * 86_400_000)
      .optional(),
    /** back to the system's time (before any advance in the same call) */
    reset: z.literal(true).optional(),
  })
  .strict();

/**
 * `GET /sandbox/clock` tells the store's time; `POST /sandbox/clock` `{ advance_ms?, reset? }`
 * moves it and answers the new time, then `onChange` runs (the host makes the time-driven work,
 * renewals and expiries, run at once). For browser journeys that renew subscriptions; mounted
 * only when the sandbox is on, which never is in production.
 */
export const sandboxClockRoutes: FastifyPluginAsync<{ clock: MovableClock; onChange: () => Promise<void> }> = async (
  app,
  { clock, onChange },
) => {
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });
  app.get(SANDBOX_CLOCK_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: state() };
  });
  app.post(SANDBOX_CLOCK_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = move.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.status(400).send({ error: { code: 'VALIDATION', message: parsed.error.message } });
    if (parsed.data.reset) clock.reset();
    if (parsed.data.advance_ms) clock.advance(parsed.data.advance_ms);
    await onChange();
    return { data: state() };
  });
};
