import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from '@nomsan/db/orm';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { manualClock } from '../../lib/clock';
import { rootContext, transaction, type Ctx } from '../../kernel/unit-of-work';
import { defineJob, handle, jobsService, nextRunOf, retryDelayMs } from './jobs.service';

const anyPayload = z.record(z.string(), z.unknown());
const job = (name: string, options?: Parameters<typeof defineJob>[2]) => defineJob(name, anyPayload, options);
const empty = z.object({}).strict();

describe('the job queue', () => {
  let t: TestDatabase;
  let ctx: Ctx;
  beforeAll(async () => {
    t = await createTestDatabase({ template: false });
    ctx = rootContext(t.handle.db, (error) => {
      throw error;
    });
  });
  afterAll(() => t.dispose());

  it('runs a due job once and marks it done', async () => {
    const jobs = jobsService();
    const once = job('test.once');
    const id = await jobs.enqueue(ctx, once, { n: 1 });
    const seen: unknown[] = [];
    const handlers = [handle(once, async (_ctx, payload) => void seen.push(payload))];
    expect(await jobs.runOne(ctx, handlers)).toBe(true);
    expect(await jobs.runOne(ctx, handlers)).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobs.get(ctx, id!))?.state).toBe('done');
  });

  it('does not run a job before its time', async () => {
    const jobs = jobsService();
    const later = job('test.later');
    await jobs.enqueue(ctx, later, {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await jobs.runOne(ctx, [handle(later, async () => undefined)])).toBe(false);
  });

  it('keeps the delay a moved clock asks for, measured from the database clock', async () => {
    const clock = manualClock();
    clock.advance(30 * 24 * 60 * 60_000);
    const jobs = jobsService({ clock });
    const moved = job('test.moved-clock');
    const now = await jobs.enqueue(ctx, moved, {}, { runAt: clock.now() });
    const later = await jobs.enqueue(ctx, moved, {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    const ran: string[] = [];
    const handlers = [handle(moved, async (_ctx, _payload, row) => void ran.push(row.id))];
    while (await jobs.runOne(ctx, handlers));
    expect(ran).toEqual([now]);
    const row = await jobs.get(ctx, later!);
    expect(row?.state).toBe('queued');
    expect(row!.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(row!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('stores a job with the same dedupe key once while it is pending, and again after it ran', async () => {
    const jobs = jobsService();
    const dedupe = job('test.dedupe');
    const first = await jobs.enqueue(ctx, dedupe, {}, { dedupeKey: 'k1' });
    const second = await jobs.enqueue(ctx, dedupe, {}, { dedupeKey: 'k1' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await jobs.runOne(ctx, [handle(dedupe, async () => undefined)])).toBe(true);
    expect(await jobs.enqueue(ctx, dedupe, {}, { dedupeKey: 'k1' })).not.toBeNull();
  });

  it('takes background work only when no other due job waits, however long it has waited', async () => {
    const jobs = jobsService();
    const ahead = job('test.background');
    const urgent = job('test.urgent');
    const ran: string[] = [];
    const handlers = [
      handle(ahead, async () => void ran.push('background')),
      handle(urgent, async () => void ran.push('urgent')),
    ];
    const past = new Date(Date.now() - 60_000);
    await jobs.enqueue(ctx, ahead, {}, { background: true, runAt: past });
    await jobs.enqueue(ctx, ahead, {}, { background: true, runAt: past });
    await jobs.enqueue(ctx, urgent, {});
    while (await jobs.runOne(ctx, handlers));
    expect(ran).toEqual(['urgent', 'background', 'background']);
  });

  it('retries a failing job with backoff, then keeps it in the dead letter until it is re-run', async () => {
    const clock = manualClock();
    const jobs = jobsService({ clock });
    const failing = job('test.fail', { maxAttempts: 2 });
    const id = await jobs.enqueue(ctx, failing, {}, { runAt: new Date(clock.now().getTime() - 1000) });
    const handlers = [handle(failing, async () => Promise.reject(new Error('boom')))];
    expect(await jobs.runOne(ctx, handlers)).toBe(true);
    let row = await jobs.get(ctx, id!);
    expect(row).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom' });
    expect(row!.runAt.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + retryDelayMs(1) - 5);
    clock.advance(retryDelayMs(1));
    // The database's now() decides what is due, so make the job due explicitly.
    await t.handle.db.execute(sql`update system_job set run_at = now() - interval '1 second' where id = ${id}`);
    expect(await jobs.runOne(ctx, handlers)).toBe(true);
    row = await jobs.get(ctx, id!);
    expect(row).toMatchObject({ state: 'failed', attempts: 2 });
    expect((await jobs.failed(ctx)).map((r) => r.id)).toContain(id);

    // Someone fixes the cause and re-runs it: attempts start again, and this time it succeeds.
    expect(await jobs.retry(ctx, id!)).toBe(true);
    expect(await jobs.retry(ctx, id!)).toBe(false);
    expect(await jobs.runOne(ctx, [handle(failing, async () => undefined)])).toBe(true);
    expect(await jobs.get(ctx, id!)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('sends a job whose payload does not fit straight to the dead letter', async () => {
    const jobs = jobsService();
    const strict = defineJob('test.strict', z.object({ bookId: z.number() }));
    await expect(jobs.enqueue(ctx, strict, { bookId: 'x' } as never)).rejects.toThrow();
    // A stored payload that no longer fits (the job's shape changed since): no retries.
    const [row] = (
      await t.handle.db.execute<{ id: string }>(
        sql`insert into system_job (name, payload) values ('test.strict', '{"bookId":"x"}') returning id`,
      )
    ).rows;
    expect(await jobs.runOne(ctx, [handle(strict, async () => undefined)])).toBe(true);
    expect(await jobs.get(ctx, row!.id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('commits a transactional job’s writes with its completion, or neither', async () => {
    const jobs = jobsService();
    await t.handle.db.execute(sql`create table if not exists test_effect (id int primary key)`);
    const effect = job('test.effect', { transactional: true, maxAttempts: 1 });
    const failing = await jobs.enqueue(ctx, effect, { id: 1, fail: true });
    const succeeding = await jobs.enqueue(ctx, effect, { id: 2, fail: false });
    const handlers = [
      handle(effect, async (tx, payload) => {
        await tx.db.execute(sql`insert into test_effect (id) values (${payload.id as number})`);
        if (payload.fail) throw new Error('after the write');
      }),
    ];
    while (await jobs.runOne(ctx, handlers)) {
      /* run both */
    }
    const ids = (await t.handle.db.execute<{ id: number }>(sql`select id from test_effect order by id`)).rows;
    expect(ids.map((r) => r.id)).toEqual([2]);
    expect((await jobs.get(ctx, failing!))?.state).toBe('failed');
    expect((await jobs.get(ctx, succeeding!))?.state).toBe('done');
  });

  it('enqueues in the caller’s transaction: a rolled-back cause leaves no job', async () => {
    const jobs = jobsService();
    const caused = job('test.caused');
    let woken = 0;
    jobs.onEnqueued(() => (woken += 1));
    await expect(
      transaction(ctx, async (tx) => {
        await jobs.enqueue(tx, caused, { n: 1 });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(woken).toBe(0);
    expect(await jobs.runOne(ctx, [handle(caused, async () => undefined)])).toBe(false);
    await transaction(ctx, (tx) => jobs.enqueue(tx, caused, { n: 2 }));
    expect(woken).toBe(1);
    expect(await jobs.runOne(ctx, [handle(caused, async () => undefined)])).toBe(true);
  });

  it('hands each job to exactly one of several concurrent workers', async () => {
    const jobs = jobsService();
    const concurrent = job('test.concurrent');
    const count = 40;
    for (let i = 0; i < count; i += 1) await jobs.enqueue(ctx, concurrent, { i });
    const runs: number[] = [];
    const handlers = [handle(concurrent, async (_ctx, payload) => void runs.push(payload.i as number))];
    const worker = async () => {
      while (await jobs.runOne(ctx, handlers)) {
        /* keep taking jobs */
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  });

  it('enqueues a due schedule’s job once however many workers look, then waits for its next time', async () => {
    const clock = manualClock(new Date('2026-11-25T00:00:00Z'));
    const jobs = jobsService({ clock });
    const nightly = defineJob('test.nightly', empty);
    const schedules = [{ job: nightly, cron: '30 3 * * *' }];
    await jobs.registerSchedules(ctx, schedules);
    const [row] = await jobs.schedules(ctx);
    // 03:30 in Ulaanbaatar (UTC+8) is 19:30 UTC the day before the local date.
    expect(row).toMatchObject({ name: 'test.nightly', nextRunAt: new Date('2026-11-25T19:30:00Z') });
    expect(await jobs.runDueSchedules(ctx, schedules)).toEqual([]);

    clock.advance(20 * 60 * 60_000);
    const looked = await Promise.all([1, 2, 3, 4].map(() => jobs.runDueSchedules(ctx, schedules)));
    expect(looked.flat()).toEqual(['test.nightly']);
    const ran: string[] = [];
    while (await jobs.runOne(ctx, [handle(nightly, async () => void ran.push('nightly'))])) {
      /* run it */
    }
    expect(ran).toEqual(['nightly']);
    expect((await jobs.schedules(ctx))[0]?.nextRunAt).toEqual(nextRunOf('30 3 * * *', clock.now()));
    expect(await jobs.runDueSchedules(ctx, schedules)).toEqual([]);
  });
});
