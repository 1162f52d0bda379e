import type { WebLoadContext } from '@nomsan/contracts/web-context';

declare module 'react-router' {
  // The server hands every loader this context (apps/server/src/web.ts). Declaration merging
  // needs an interface, even an empty one.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
