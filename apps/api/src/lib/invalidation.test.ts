import { createConnection } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { tag } from './cache-tags';
import { createInvalidationBus, type InvalidationBus } from './invalidation';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** whether something answers at `url` (the Redis that runs on this machine and in CI) */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379), timeout: 500 });
    const answer = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => answer(true));
    socket.once('error', () => answer(false));
    socket.once('timeout', () => answer(false));
  });
}

const redisUp = await reachable(redisUrl);
if (!redisUp) console.warn(`invalidation.test.ts: no Redis at ${redisUrl}; the cross-process tests are skipped`);

const open: InvalidationBus[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((bus) => bus.close()));
});

function bus(options: Parameters<typeof createInvalidationBus>[0]): InvalidationBus {
  const made = createInvalidationBus(options);
  open.push(made);
  return made;
}

/** what a bus's subscriber hears, and a way to wait for the next invalidation */
function listen(to: InvalidationBus) {
  const heard: string[][] = [];
  const waiting: (() => void)[] = [];
  to.subscribe((tags) => {
    heard.push(tags);
    waiting.splice(0).forEach((wake) => wake());
  });
  return {
    heard,
    next: (withinMs = 1000) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing heard within ${withinMs} ms`)), withinMs);
        waiting.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

const failOnError = (error: unknown, what: string) => expect.fail(`${what}: ${String(error)}`);

describe('invalidation bus in one process', () => {
  it('delivers a publish to every subscriber before it returns', async () => {
    const local = bus({ onError: failOnError });
    const a = listen(local);
    const b = listen(local);
    await local.publish([tag.book(1), tag.offers]);
    expect(a.heard).toEqual([[tag.book(1), tag.offers]]);
    expect(b.heard).toEqual(a.heard);
  });

  it('stops delivering to a subscriber that left, and publishes nothing for no tags', async () => {
    const local = bus({ onError: failOnError });
    const heard: string[][] = [];
    const leave = local.subscribe((tags) => heard.push(tags));
    await local.publish([]);
    leave();
    await local.publish([tag.categories]);
    expect(heard).toEqual([]);
  });

  it('keeps delivering to the others when a subscriber throws, and reports it', async () => {
    const errors: string[] = [];
    const local = bus({ onError: (_error, what) => errors.push(what) });
    local.subscribe(() => {
      throw new Error('broken listener');
    });
    const other = listen(local);
    await local.publish([tag.book(2)]);
    expect(other.heard).toEqual([[tag.book(2)]]);
    expect(errors).toEqual(['cache invalidation listener']);
  });
});

describe('invalidation bus when Redis cannot be reached', () => {
  it('still applies a publish in this process, never fails it, and reports the trouble', async () => {
    const errors: string[] = [];
    // a port nothing listens on: connections are refused at once
    const cut = bus({ redisUrl: 'redis://127.0.0.1:1', onError: (_error, what) => errors.push(what) });
    const here = listen(cut);
    await expect(cut.publish([tag.book(3)])).resolves.toBeUndefined();
    expect(here.heard).toEqual([[tag.book(3)]]);
    for (let waited = 0; errors.length < 2 && waited < 2000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // once per connection, not once per reconnection attempt
    expect([...errors].sort()).toEqual([
      'cache invalidation: listening connection to Redis',
      'cache invalidation: publishing connection to Redis',
    ]);
  });
});

describe.runIf(redisUp)('invalidation bus across processes, through Redis', () => {
  // a channel of this run's own, so a store running on this machine hears none of it
  const channel = `nomsan:invalidate:test:${randomUUID()}`;
  const errors: string[] = [];
  const pair = () => {
    errors.length = 0;
    const onError = (error: unknown, what: string) => void errors.push(`${what}: ${String(error)}`);
    return [bus({ redisUrl, channel, onError }), bus({ redisUrl, channel, onError })] as const;
  };
  /** resolves once `to` listens: it hears what `from` publishes */
  async function connected(from: InvalidationBus, to: ReturnType<typeof listen>) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const heard = to.next(100).then(
        () => true,
        () => false,
      );
      await from.publish(['test:ping']);
      if (await heard) return;
    }
    throw new Error('the buses never connected');
  }

  it('delivers a publish of one process to the subscribers of the other within a second, once', async () => {
    const [a, b] = pair();
    const inA = listen(a);
    const inB = listen(b);
    await connected(a, inB);
    await connected(b, inA);
    inA.heard.length = 0;
    inB.heard.length = 0;

    const arrived = inB.next(1000);
    await a.publish([tag.book(42), tag.category(5)]);
    expect(inA.heard).toEqual([[tag.book(42), tag.category(5)]]);
    await arrived;
    expect(inB.heard).toEqual([[tag.book(42), tag.category(5)]]);
    // the sender does not apply its own publish again when Redis echoes it back
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inA.heard).toEqual([[tag.book(42), tag.category(5)]]);
    expect(errors).toEqual([]);
  });

  it('tells its subscribers to drop everything once it is back after losing the connection', async () => {
    const admin = new Redis(redisUrl);
    try {
      const listening = async () =>
        String(await admin.client('LIST', 'TYPE', 'PUBSUB'))
          .split('\n')
          .filter((line) => / name=nomsan-invalidation-sub-/.test(line))
          .map((line) => /\bid=(\d+)/.exec(line)?.[1] ?? '');
      const before = new Set(await listening());
      const [a, b] = pair();
      const inB = listen(b);
      await connected(a, inB);
      // cut the listening connections of these two buses from the server's side, as a restart would
      const ours = (await listening()).filter((id) => !before.has(id));
      expect(ours.length).toBeGreaterThanOrEqual(1);
      const dropped = inB.next(3000);
      for (const id of ours) await admin.client('KILL', 'ID', id);
      await dropped;
      expect(inB.heard.at(-1)).toEqual([tag.all]);
      // and it listens again
      inB.heard.length = 0;
      await connected(a, inB);
    } finally {
      admin.disconnect();
    }
  });
});
