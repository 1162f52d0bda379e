// Preloaded (`node --import`) into a server that `npm start` supervises, to prove the crash
// policy: once the server says it is ready, a timer throws outside any request, the first time
// only (a marker file remembers), as a bug in a background task would.
import { existsSync, writeFileSync } from 'node:fs';

const marker = process.env.CRASH_ONCE_MARKER;
if (marker && process.send && !existsSync(marker)) {
  const send = process.send.bind(process);
  process.send = (message, ...rest) => {
    if (message?.type === 'ready') {
      writeFileSync(marker, String(process.pid));
      setTimeout(() => {
        throw new Error('planted failure outside any request');
      }, 300);
    }
    return send(message, ...rest);
  };
}
