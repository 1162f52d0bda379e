import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AppError } from '@nomsan/api';
import { runAdmin, UsageError } from './admin';
import { loadConfigOrExit, run } from './main';

export { loadConfigOrExit, run };

// `node dist/server.js --role api`: run when this file is the entry point. `npm start` imports
// it instead, to check the configuration before building the web app. `node dist/server.js
// admin ...` runs an operator's command (admin.ts) and exits.
const entry = process.argv[1] ? realpathSync(process.argv[1]) : '';
if (entry === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'admin') {
    try {
      await runAdmin(loadConfigOrExit(), process.argv.slice(3));
    } catch (error) {
      if (!(error instanceof UsageError || error instanceof AppError)) throw error;
      const fields = error instanceof AppError && error.fields ? ` ${JSON.stringify(error.fields)}` : '';
      process.stderr.write(`nomsan admin: ${error.message}${fields}\n`);
      process.exit(1);
    }
  } else {
    await run(loadConfigOrExit());
  }
}
