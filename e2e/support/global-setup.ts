import type { TestProject } from 'vitest/node';
import { startServer } from './server';

/** One server with the demo catalogue for all journeys; its URL reaches the tests by env. */
export default async function setup(_project: TestProject) {
  const started = performance.now();
  const server = await startServer();
  console.log(`e2e server ready at ${server.url} in ${Math.round(performance.now() - started)} ms`);
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server.stop();
  };
}
