#!/usr/bin/env node
// Builds the store into dist/: the web app (React Router + Vite) into dist/web, the server
// bundle (esbuild) into dist/server.js, with the migrations and demo fixtures beside it.
// `--if-stale` skips the build when dist/ is newer than every source file.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stamp = join(dist, '.build-stamp');
const sourceRoots = ['apps', 'packages', 'package-lock.json', 'scripts/build.mjs'];
const skip = new Set(['node_modules', '.react-router', 'dist', 'fixtures']);

function newestSourceMtime(path) {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (skip.has(entry) || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestSourceMtime(join(path, entry)));
  }
  return newest;
}

export function isStale() {
  if (
    !existsSync(stamp) ||
    !existsSync(join(dist, 'server.js')) ||
    !existsSync(join(dist, 'web', 'server', 'index.js'))
  )
    return true;
  const built = statSync(stamp).mtimeMs;
  return sourceRoots.some((path) => existsSync(join(root, path)) && newestSourceMtime(join(root, path)) > built);
}

/** Every dependency of the workspace's packages stays external; our own packages are bundled. */
function externalDependencies() {
  const names = new Set();
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(root, group))) {
      const manifest = join(root, group, name, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })) {
        if (!dep.startsWith('@nomsan/')) names.add(dep);
      }
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/** The server bundle alone (about a second), with the files it reads at run time. */
export async function buildServer() {
  await build({
    entryPoints: [join(root, 'apps', 'server', 'src', 'server.ts')],
    outfile: join(dist, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: externalDependencies(),
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __nomsanRequire } from 'node:module'; const require = __nomsanRequire(import.meta.url);",
    },
  });
  rmSync(join(dist, 'migrations'), { recursive: true, force: true });
  cpSync(join(root, 'packages', 'db', 'migrations'), join(dist, 'migrations'), { recursive: true });
  rmSync(join(dist, 'demo-fixtures'), { recursive: true, force: true });
  cpSync(join(root, 'packages', 'demo', 'fixtures'), join(dist, 'demo-fixtures'), { recursive: true });
}

/** The web app, with the compressed copies of its browser files (`npm start` builds it too). */
export function buildWeb() {
  rmSync(join(dist, 'web'), { recursive: true, force: true });
  execFileSync('npx', ['react-router', 'build'], { cwd: join(root, 'apps', 'web'), stdio: 'inherit' });
  const sizes = precompress(join(dist, 'web', 'client'));
  console.log(
    `precompressed browser files: ${(sizes.raw / 1024).toFixed(0)} KB -> ${(sizes.br / 1024).toFixed(0)} KB brotli`,
  );
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of the browser's files beside them, served by
 * @fastify/static as they are (`preCompressed`): smaller than what the server could afford to
 * compress per request (brotli at its on-the-fly quality came out larger than gzip), and no
 * compression work per request at all.
 */
function precompress(dir) {
  let raw = 0;
  let br = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = precompress(path);
      raw += inner.raw;
      br += inner.br;
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(path);
    if (content.length < 1024) continue;
    const brotli = brotliCompressSync(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 11,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    raw += content.length;
    br += brotli.length;
  }
  return { raw, br };
}

export async function buildAll() {
  const started = Date.now();
  rmSync(stamp, { force: true });
  await buildServer();
  buildWeb();
  writeFileSync(stamp, new Date().toISOString());
  console.log(
    `built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s (${relative(process.cwd(), dist) || '.'})`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-stale') && !isStale()) {
    console.log('dist/ is up to date');
  } else {
    await buildAll();
  }
}
