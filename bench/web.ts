// `npm run bench:web`: Lighthouse (mobile profile, simulated throttling) in Debian's Chromium
// against the built server with the demo catalogue, on the home page, a book page and a
// category page. Prints the performance score, LCP, TBT, CLS and the JavaScript bytes of the
// first load (as transferred, compressed).
//
// Each page is audited twice over: through a TLS and HTTP/2 front (h2-front.ts), as phones reach
// a deployment through its load balancer, and directly from the Node process over HTTP/1.1.
// Lighthouse simulates the network over the connections the page used, so the protocol changes
// the figures: over HTTP/1.1 every script waits for one of six connections, each opened and
// warmed up on its own.
//
//   BENCH_WEB_PROTOCOLS  which of them, in order (default "h2,h1")
//
// Each page is audited BENCH_WEB_RUNS times (default 3) and the run with the median score is
// printed, with the range of scores: one run varies by several points on a shared machine.
//
//   BENCH_WEB_DETAIL=1  also print, per page, the LCP element with its phases (time to first
//                       byte, load delay, load time, render delay), the requests that ended before
//                       the observed largest paint (Lighthouse's simulation counts them all), the
//                       render-blocking files, the main thread's work by kind, the layout shifts
//                       and the long tasks
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { startH2Front } from './h2-front';

const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_WEB_RUNS)) || 3);
const PROTOCOLS = {
  h2: 'through a TLS and HTTP/2 front, as phones reach the store',
  h1: 'directly from the Node process, HTTP/1.1',
} as const;
type Protocol = keyof typeof PROTOCOLS;
const protocols = (process.env.BENCH_WEB_PROTOCOLS ?? 'h2,h1')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Protocol => {
    if (name in PROTOCOLS) return true;
    throw new Error(`BENCH_WEB_PROTOCOLS: unknown protocol ${name} (h2, h1)`);
  });

interface Row {
  page: string;
  /** lowest and highest score of the runs */
  scores: [number, number];
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

type Audit = Omit<Row, 'page' | 'scores'> & { failed: boolean };

/**
 * RUNS audits of the page: the median one, and the range of scores. A run Lighthouse could not
 * record (a runtime error, such as a missing navigation start in the trace) is made once more;
 * failing again, it scores 0.
 */
async function auditRuns(url: string, port: number): Promise<Omit<Row, 'page'>> {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await audit(url, port);
    runs.push(run.failed ? await audit(url, port) : run);
  }
  runs.sort((a, b) => a.score - b.score);
  const median = runs[Math.floor((runs.length - 1) / 2)]!;
  const { failed: _failed, ...figures } = median;
  return { ...figures, scores: [runs[0]!.score, runs[runs.length - 1]!.score] };
}

async function audit(url: string, port: number): Promise<Audit> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  // a failed load scores 0 with no metrics: say why instead of printing NaN alone
  if (lhr.runtimeError) console.error(`${url}: Lighthouse ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const audits = lhr.audits;
  if (process.env.BENCH_WEB_DETAIL) printDetail(url, audits);
  const scripts = (
    audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
  )?.items?.find((item) => item.resourceType === 'script');
  return {
    failed: Boolean(lhr.runtimeError),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
  };
}

type Audits =
  Awaited<ReturnType<typeof lighthouse>> extends infer R ? (R extends { lhr: { audits: infer A } } ? A : never) : never;

/** Where the largest paint's time goes, and what blocks the first render. */
function printDetail(url: string, audits: Audits): void {
  type Table = { type?: string; items?: Record<string, unknown>[] };
  const lcp = audits['largest-contentful-paint-element']?.details as { items?: Table[] } | undefined;
  const [element, phases] = lcp?.items ?? [];
  const node = element?.items?.[0]?.node as { snippet?: string } | undefined;
  console.log(`\n${url}\n  LCP element: ${node?.snippet ?? '?'}`);
  for (const phase of phases?.items ?? [])
    console.log(`    ${String(phase.phase).padEnd(18)}${Number(phase.timing).toFixed(0)} ms`);
  const blocking = (audits['render-blocking-resources']?.details as Table | undefined)?.items ?? [];
  for (const item of blocking)
    console.log(`  render-blocking: ${String(item.url)} ${Number(item.wastedMs).toFixed(0)} ms`);
  const work = (audits['mainthread-work-breakdown']?.details as Table | undefined)?.items ?? [];
  console.log(
    `  main thread: ${work.map((w) => `${String(w.groupLabel ?? w.group)} ${Number(w.duration).toFixed(0)}`).join(', ')} ms`,
  );
  // what the simulated largest paint waits for: every request that ended before the observed one
  const observed = (audits['metrics']?.details as Table | undefined)?.items?.[0] as
    { observedLargestContentfulPaint?: number } | undefined;
  const paintedAt = observed?.observedLargestContentfulPaint ?? Infinity;
  const requests = ((audits['network-requests']?.details as Table | undefined)?.items ?? []).filter(
    (request) => Number(request.networkEndTime) <= paintedAt,
  );
  const kb = requests.reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0) / 1024;
  console.log(
    `  before the observed largest paint (${paintedAt.toFixed(0)} ms): ${requests.length} requests, ${kb.toFixed(1)} KB`,
  );
  for (const request of requests)
    console.log(
      `    ${String(request.resourceType).padEnd(11)}${(Number(request.transferSize ?? 0) / 1024).toFixed(1).padStart(7)} KB  ${String(request.priority).padEnd(9)}${String(request.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  // what moved, and by how much (the layout-shift score's parts)
  const shifts = (audits['layout-shifts']?.details as Table | undefined)?.items ?? [];
  for (const shift of shifts.slice(0, 5)) {
    const node = shift.node as { snippet?: string } | undefined;
    console.log(`  layout shift ${Number(shift.score).toFixed(3)}: ${node?.snippet ?? '?'}`);
  }
  // what the total blocking time is made of
  const longTasks = (audits['long-tasks']?.details as Table | undefined)?.items ?? [];
  for (const task of longTasks.slice(0, 8))
    console.log(
      `  long task at ${Number(task.startTime).toFixed(0)} ms: ${Number(task.duration).toFixed(0)} ms ${String(task.url)}`,
    );
}

async function main() {
  const server = await startServer({
    env: {
      NODE_ENV: 'production',
      COOKIE_SECRET: 'bench-web-cookie-secret-0123456789abcdef',
      MEDIA_SECRET: 'bench-web-media-secret-0123456789abcdef',
    },
  });
  const front = protocols.includes('h2') ? await startH2Front(server.url) : null;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // (the front's certificate is made for the run)
    chromeFlags: [...CHROMIUM_FLAGS, ...(front ? ['--ignore-certificate-errors'] : [])],
    userDataDir: mkdtempSync(join(tmpdir(), 'nomsan-lighthouse-')),
  });
  const tables: { protocol: Protocol; rows: Row[] }[] = [];
  try {
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as { data: { slug: string }[] };
    const pages = [
      ['home /', '/'],
      ['book /tsagaan-sar', '/tsagaan-sar'],
      [`category /category/${categories.data[0]?.slug}`, `/category/${categories.data[0]?.slug}`],
    ] as const;
    for (const protocol of protocols) {
      const origin = protocol === 'h2' && front ? front.url : server.url;
      const rows: Row[] = [];
      for (const [name, path] of pages) {
        // One warm-up load so the server's caches and the first build of each page are not measured.
        await fetch(`${server.url}${path}`);
        rows.push({ page: name, ...(await auditRuns(`${origin}${path}`, chrome.port)) });
      }
      tables.push({ protocol, rows });
    }
  } finally {
    chrome.kill();
    await front?.close();
    await server.stop();
  }
  console.log(`\nLighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs`);
  for (const { protocol, rows } of tables) {
    console.log(`\n${PROTOCOLS[protocol]}\n`);
    console.log(
      `${'page'.padEnd(34)}${'score'.padStart(7)}${'range'.padStart(8)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(7)}${'JS KB'.padStart(8)}`,
    );
    for (const row of rows) {
      console.log(
        `${row.page.padEnd(34)}${String(row.score).padStart(7)}${row.scores.join('–').padStart(8)}${row.lcpMs.toFixed(0).padStart(9)}${row.tbtMs.toFixed(0).padStart(9)}${row.cls.toFixed(3).padStart(7)}${row.jsKb.toFixed(1).padStart(8)}`,
      );
    }
  }
}

await main();
