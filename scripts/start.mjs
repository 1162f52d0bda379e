#!/usr/bin/env node
// `npm start`: checks the configuration, builds what is not built yet (or is older than its
// sources), then runs the server as a child process and supervises it: a server that dies (a
// crash, an uncaught error, a kill) is started again, so an embedded store keeps serving without
// anyone at the keyboard. Arguments such as `--role api` are passed on.
import { spawn } from 'node:child_process';
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
server.loadConfigOrExit();
if (stale) {
  console.log('building the web app (first start or sources changed)...');
  buildWeb();
  writeFileSync(join(dist, '.build-stamp'), new Date().toISOString());
}

/** After a crash: wait 1 s, then twice as long after each crash that follows soon, up to 30 s. */
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** a server that served this long before dying starts again at once */
const HEALTHY_AFTER_MS = 60_000;

let child;
let stopping = false;
let delayMs = 0;

function startServer() {
  const startedAt = Date.now();
  let ready = false;
  child = spawn(process.execPath, [...process.execArgv, join(dist, 'server.js'), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', (message) => {
    if (message?.type === 'ready') ready = true;
  });
  child.on('exit', (code, signal) => {
    child = undefined;
    if (stopping || code === 0) process.exit(code ?? 0);
    // One that never got to listen (a port in use, a locked data directory, a bad database
    // URL) has said why on its own; starting it again would only say it again.
    if (!ready) process.exit(code ?? 1);
    delayMs =
      Date.now() - startedAt > HEALTHY_AFTER_MS ? 0 : Math.min(Math.max(delayMs * 2, FIRST_DELAY_MS), MAX_DELAY_MS);
    const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
    console.error(`nomsan: the server ${how}; starting it again in ${Math.round(delayMs / 1000)} s`);
    setTimeout(startServer, delayMs);
  });
}

/** stops the server gracefully, then exits with it */
function stop(signal) {
  stopping = true;
  if (child) child.kill(signal);
  else process.exit(0);
}

// `npm start` runs this through `sh -c`, which would not pass a process manager's SIGTERM on:
// the script is `exec`ed (package.json), so the signal sent to npm reaches this process. The
// server stops gracefully (a second signal from the terminal changes nothing there).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// Whatever started us gone without a signal (npm killed outright): stop too, never run orphaned.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 1000).unref();

startServer();
