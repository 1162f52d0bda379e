// `npm run bench:web`: Lighthouse (mobile profile, simulated throttling) in Debian's Chromium
// against the built server with the demo catalogue, on the home page, a book page and a
// category page. Prints the performance score, LCP, TBT, CLS and the JavaScript bytes of the
// first load (as transferred, compressed).
//
//   BENCH_WEB_DETAIL=1  also print, per page, the LCP element with its phases (time to first
//                       byte, load delay, load time, render delay) and the render-blocking files
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';

interface Row {
  page: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
}

async function audit(url: string, port: number): Promise<Omit<Row, 'page'>> {
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
}

async function main() {
  const server = await startServer({
    env: { NODE_ENV: 'production', COOKIE_SECRET: 'bench-web-cookie-secret-0123456789abcdef' },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: mkdtempSync(join(tmpdir(), 'nomsan-lighthouse-')),
  });
  const rows: Row[] = [];
  try {
    const categories = (await (await fetch(`${server.url}/api/categories`)).json()) as { data: { slug: string }[] };
    const pages = [
      ['home /', '/'],
      ['book /tsagaan-sar', '/tsagaan-sar'],
      [`category /category/${categories.data[0]?.slug}`, `/category/${categories.data[0]?.slug}`],
    ] as const;
    for (const [name, path] of pages) {
      // One warm-up load so the server's caches and the first build of each page are not measured.
      await fetch(`${server.url}${path}`);
      rows.push({ page: name, ...(await audit(`${server.url}${path}`, chrome.port)) });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  console.log('\nLighthouse, mobile profile (simulated slow 4G, 4x CPU slowdown)\n');
  console.log(
    `${'page'.padEnd(34)}${'score'.padStart(7)}${'LCP ms'.padStart(9)}${'TBT ms'.padStart(9)}${'CLS'.padStart(7)}${'JS KB'.padStart(8)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(34)}${String(row.score).padStart(7)}${row.lcpMs.toFixed(0).padStart(9)}${row.tbtMs.toFixed(0).padStart(9)}${row.cls.toFixed(3).padStart(7)}${row.jsKb.toFixed(1).padStart(8)}`,
    );
  }
}

await main();
