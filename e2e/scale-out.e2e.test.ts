import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, type RunningServer } from './support/server';

/**
 * Two server processes on one PostgreSQL and one Redis (the scale-out shape of ARCHITECTURE.md
 * section 1): a change made through the services in a third process (the operator's admin
 * command) shows on both servers' next requests, their cached API answers and cached pages
 * included, within a second.
 */
const ADMIN_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = `nomsan_e2e_scale_${process.pid}`;
const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `node dist/server.js admin ...`: resolves with its output, rejects when it fails */
function runAdminCommand(args: string[], dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist', 'server.js'), 'admin', ...args], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: databaseUrl(),
        REDIS_URL,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`admin exited ${code}: ${output}`))));
  });
}

describe('two servers on one PostgreSQL and Redis', () => {
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    await admin(`drop database if exists ${DATABASE} with (force)`);
    await admin(`create database ${DATABASE}`);
    const env = { DATABASE_URL: databaseUrl(), REDIS_URL };
    // the first seeds the demo catalogue; the second finds it there
    servers.push(await startServer({ env }));
    servers.push(await startServer({ env }));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await admin(`drop database if exists ${DATABASE} with (force)`);
  });

  it('shows a title and a price changed elsewhere on each server’s next request, cached pages included', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    type Detail = { id: number; slug: string; title: string; offers: { format: string; price_mnt: number | null }[] };
    const list = (await (await fetch(`${a.url}/v5/books?page[size]=24`)).json()) as {
      data: { data: { id: number }[] };
    };
    let book: Detail | undefined;
    for (const { id: candidate } of list.data.data) {
      const detail = ((await (await fetch(`${a.url}/v4/books/${candidate}`)).json()) as { data: Detail }).data;
      if (detail.offers.some((offer) => offer.price_mnt !== null)) {
        book = detail;
        break;
      }
    }
    expect(book, 'a book for sale on the first page').toBeDefined();
    const { id, slug } = book!;
    const offer = book!.offers.find((o) => o.price_mnt !== null)!;

    // Both servers have the book's answer and page in their caches.
    for (const server of servers) {
      await fetch(`${server.url}/v4/books/${id}`);
      await fetch(`${server.url}/${slug}`);
      const page = await fetch(`${server.url}/${slug}`);
      expect(page.headers.get('x-page-cache')).toBe('hit');
    }

    const title = `Шинэчилсэн гарчиг ${Date.now()}`;
    const price = (offer.price_mnt ?? 0) + 1100;
    await runAdminCommand(['book', 'title', String(id), title], a.dataDir);
    await runAdminCommand(['price', 'book', String(id), offer.format, String(price)], a.dataDir);
    const changedAt = Date.now();

    const seen = async (server: RunningServer) => {
      for (;;) {
        const detail = (await (await fetch(`${server.url}/v4/books/${id}`)).json()) as {
          data: { title: string; offers: { format: string; price_mnt: number | null }[] };
        };
        const html = await (await fetch(`${server.url}/${slug}`)).text();
        const priced = detail.data.offers.find((o) => o.format === offer.format)?.price_mnt === price;
        if (detail.data.title === title && priced && html.includes(title)) return Date.now() - changedAt;
        if (Date.now() - changedAt > 5_000) throw new Error(`${server.url} still shows the old book`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const [onA, onB] = await Promise.all([seen(a), seen(b)]);
    console.log(`change seen after ${onA} ms on one server, ${onB} ms on the other`);
    expect(onA).toBeLessThan(1_000);
    expect(onB).toBeLessThan(1_000);
  });
});
