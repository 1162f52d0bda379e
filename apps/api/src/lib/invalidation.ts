import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { tag } from './cache-tags';

/**
 * Tells every process that data behind some cache tags changed (ADR 019). A publish reaches
 * this process's subscribers at once, before it returns, and the other processes through Redis
 * within milliseconds. Delivery is at most once: a process that was cut off from Redis hears
 * `tag.all` when it is back, and drops everything rather than guess what it missed.
 */
export interface InvalidationBus {
  /** Never fails: when Redis cannot be reached, this process still applies it (and it is logged). */
  publish(tags: readonly string[]): Promise<void>;
  /** `listener` hears every invalidation, this process's and the others'; returns the unsubscribe */
  subscribe(listener: (tags: string[]) => void): () => void;
  close(): Promise<void>;
}

export interface InvalidationBusOptions {
  /** shared with the other processes; absent: this process only */
  redisUrl?: string;
  /** the Redis channel (tests use their own) */
  channel?: string;
  onError: (error: unknown, what: string) => void;
}

export const INVALIDATION_CHANNEL = 'nomsan:invalidate';

/** Tags that could not be sent kept at most, to send again on reconnect; beyond, `tag.all` is sent. */
const MAX_UNSENT = 1000;

export function createInvalidationBus(options: InvalidationBusOptions): InvalidationBus {
  return options.redisUrl
    ? redisBus(options.redisUrl, options.channel ?? INVALIDATION_CHANNEL, options.onError)
    : localBus(options.onError);
}

function localBus(onError: InvalidationBusOptions['onError']): InvalidationBus & { deliver(tags: string[]): void } {
  const listeners = new Set<(tags: string[]) => void>();
  const deliver = (tags: string[]) => {
    for (const listener of listeners) {
      try {
        listener(tags);
      } catch (error) {
        onError(error, 'cache invalidation listener');
      }
    }
  };
  return {
    deliver,
    async publish(tags) {
      if (tags.length > 0) deliver([...tags]);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

interface Message {
  /** the bus that sent it: a bus has applied its own publishes already */
  from: string;
  tags: string[];
}

/**
 * Redis pub/sub on one channel: one connection publishes, another listens (a connection in
 * subscriber mode can do nothing else).
 */
function redisBus(url: string, channel: string, onError: InvalidationBusOptions['onError']): InvalidationBus {
  const local = localBus(onError);
  const id = randomUUID();
  const connection = (role: string) =>
    new Redis(url, {
      connectionName: `nomsan-invalidation-${role}-${id}`,
      connectTimeout: 1000,
      // a request that publishes must not hang on a Redis that does not answer
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
      // not queued while disconnected: kept as tags and sent on reconnection (see send)
      enableOfflineQueue: false,
      // subscribed again by hand on every (re)connection, to know when it has taken effect
      autoResubscribe: false,
    });
  const publisher = connection('pub');
  const subscriber = connection('sub');
  let closed = false;
  const unsent = new Set<string>();

  /** logs the first failure of a connection, not every reconnection attempt after it */
  const reportOnce = (redis: Redis, what: string) => {
    let failing = false;
    redis.on('error', (error: unknown) => {
      if (!failing) onError(error, what);
      failing = true;
    });
    redis.on('ready', () => (failing = false));
  };
  reportOnce(publisher, 'cache invalidation: publishing connection to Redis');
  reportOnce(subscriber, 'cache invalidation: listening connection to Redis');

  /** keeps tags to send once connected again (a broken connection is reported by itself) */
  const keep = (tags: readonly string[]) => {
    for (const name of tags) unsent.add(name);
    if (unsent.size > MAX_UNSENT) {
      unsent.clear();
      unsent.add(tag.all);
    }
  };

  async function send(tags: readonly string[]): Promise<void> {
    if (publisher.status !== 'ready') return keep(tags);
    const message: Message = { from: id, tags: [...tags] };
    try {
      await publisher.publish(channel, JSON.stringify(message));
    } catch (error) {
      if (closed) return;
      onError(error, 'cache invalidation: publish to Redis');
      keep(tags);
    }
  }

  publisher.on('ready', () => {
    if (unsent.size === 0) return;
    const tags = [...unsent];
    unsent.clear();
    void send(tags);
  });

  // Pub/sub keeps nothing for a listener that is away: after any interruption, what was
  // published meanwhile is unknown, so once listening again this process drops everything.
  let missedSome = false;
  subscriber.on('close', () => (missedSome = true));
  subscriber.on('error', () => (missedSome = true));
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (!missedSome) return;
        missedSome = false;
        local.deliver([tag.all]);
      },
      (error: unknown) => {
        if (!closed) onError(error, 'cache invalidation: subscribe in Redis');
      },
    );
  });
  subscriber.on('message', (_channel: string, text: string) => {
    const message = parseMessage(text);
    if (!message) return onError(new Error(`unreadable message: ${text.slice(0, 200)}`), 'cache invalidation');
    if (message.from !== id && message.tags.length > 0) local.deliver(message.tags);
  });

  return {
    async publish(tags) {
      if (tags.length === 0) return;
      local.deliver([...tags]);
      if (!closed) await send(tags);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

function parseMessage(text: string): Message | null {
  try {
    const value = JSON.parse(text) as Partial<Message>;
    if (typeof value.from !== 'string' || !Array.isArray(value.tags)) return null;
    if (!value.tags.every((name) => typeof name === 'string')) return null;
    return { from: value.from, tags: value.tags };
  } catch {
    return null;
  }
}
