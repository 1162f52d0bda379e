import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKernel, type ComposedModules, type ModuleServices } from '@nomsan/api';
import { defineJob, handle } from '@nomsan/api/modules/jobs/jobs.service';
import { createTestDatabase, type TestDatabase } from '@nomsan/db/testing';
import { startWorker } from './worker';

const empty = z.object({}).strict();
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

// A long job (the related books over the whole catalogue, a recording's packaging) must not
// hold up the quick ones queued behind it: a worker keeps a lane free of long jobs.
describe('the worker', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ template: false });
  });
  afterAll(() => t.dispose());

  it('runs a quick job while a long one is still running', async () => {
    const kernel = createKernel({ db: t.handle, publicBaseUrl: 'http://localhost', mediaBaseUrl: '/media' });
    const long = defineJob('test.long', empty, { long: true });
    const quick = defineJob('test.quick', empty);
    let release: () => void = () => undefined;
    const ran: string[] = [];
    const handlers = [
      handle(long, async () => {
        ran.push('long started');
        await new Promise<void>((resolve) => (release = resolve));
        ran.push('long done');
      }),
      handle(quick, async () => void ran.push('quick')),
    ];
    const composed = {
      kernel,
      modules: [{ name: 'jobs', dependsOn: [], create: () => ({}), jobs: () => handlers }],
      services: {} as ModuleServices,
      start: async () => undefined,
      close: async () => undefined,
    } as unknown as ComposedModules;
    const worker = startWorker(composed, quiet);
    try {
      await kernel.jobs.enqueue(kernel.root, long, {});
      await expect.poll(() => ran).toEqual(['long started']);
      await kernel.jobs.enqueue(kernel.root, quick, {});
      await expect.poll(() => ran).toEqual(['long started', 'quick']);
    } finally {
      release();
      await worker.stop();
    }
    expect(ran).toEqual(['long started', 'quick', 'long done']);
  });
});
