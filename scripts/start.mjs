#!/usr/bin/env node
// `npm start`: checks the configuration, builds what is not built yet (or is older than its
// sources), then runs the server in this process, passing arguments such as `--role api`.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, buildWeb, isStale } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stale = isStale();
// The server bundle builds in about a second; building it first lets a bad setting stop the
// start with its one line before the slower web build runs.
if (stale || !existsSync(join(dist, 'server.js'))) await buildServer();
const server = await import(pathToFileURL(join(dist, 'server.js')).href);
const config = server.loadConfigOrExit();
if (stale) {
  console.log('building the web app (first start or sources changed)...');
  buildWeb();
  writeFileSync(join(dist, '.build-stamp'), new Date().toISOString());
}
await server.run(config);
