import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@nomsan/db/orm';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { jobsService, retryDelayMs } from './jobs.service';

describe('the job queue', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ template: false });
  });
  afterAll(() => t.dispose());

  it('runs a due job once and marks it done', async () => {
    const jobs = jobsService(t.handle.db);
    const id = await jobs.enqueue('test.once', { n: 1 });
    const seen: unknown[] = [];
    expect(await jobs.runOne({ 'test.once': async (payload) => void seen.push(payload) })).toBe(true);
    expect(await jobs.runOne({ 'test.once': async (payload) => void seen.push(payload) })).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await jobs.get(id!))?.state).toBe('done');
  });

  it('does not run a job before its time', async () => {
    const jobs = jobsService(t.handle.db);
    await jobs.enqueue('test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    expect(await jobs.runOne({ 'test.later': async () => undefined })).toBe(false);
  });

  it('stores a job with the same dedupe key once while it is pending, and again after it ran', async () => {
    const jobs = jobsService(t.handle.db);
    const first = await jobs.enqueue('test.dedupe', {}, { dedupeKey: 'k1' });
    const second = await jobs.enqueue('test.dedupe', {}, { dedupeKey: 'k1' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await jobs.runOne({ 'test.dedupe': async () => undefined })).toBe(true);
    expect(await jobs.enqueue('test.dedupe', {}, { dedupeKey: 'k1' })).not.toBeNull();
  });

  it('retries a failing job with backoff, then gives up', async () => {
    let clock = Date.now();
    const jobs = jobsService(t.handle.db, () => new Date(clock));
    const id = await jobs.enqueue('test.fail', {}, { maxAttempts: 2, runAt: new Date(clock - 1000) });
    const failing = { 'test.fail': async () => Promise.reject(new Error('boom')) };
    expect(await jobs.runOne(failing)).toBe(true);
    let job = await jobs.get(id!);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'boom' });
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(clock + retryDelayMs(1) - 5);
    clock += retryDelayMs(1);
    // The database's now() decides what is due, so make the job due explicitly.
    await t.handle.db.execute(sql`update system_job set run_at = now() - interval '1 second' where id = ${id}`);
    expect(await jobs.runOne(failing)).toBe(true);
    job = await jobs.get(id!);
    expect(job).toMatchObject({ state: 'failed', attempts: 2 });
  });

  it('hands each job to exactly one of several concurrent workers', async () => {
    const jobs = jobsService(t.handle.db);
    const count = 40;
    for (let i = 0; i < count; i += 1) await jobs.enqueue('test.concurrent', { i });
    const runs: number[] = [];
    const handler = { 'test.concurrent': async (payload: unknown) => void runs.push((payload as { i: number }).i) };
    const worker = async () => {
      while (await jobs.runOne(handler)) {
        /* keep taking jobs */
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(runs.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
  });
});
