import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit, run } from './main';

export { loadConfigOrExit, run };

// `node dist/server.js --role api`: run when this file is the entry point. `npm start` imports
// it instead, to check the configuration before building the web app.
const entry = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) await run(loadConfigOrExit());
