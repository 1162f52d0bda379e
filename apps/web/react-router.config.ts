import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: '../../dist/web',
  ssr: true,
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
    // Loaders get the plain load context the server builds (docs/decisions/003); middleware
    // changes that shape, so it waits for a deliberate move.
    v8_middleware: false,
  },
} satisfies Config;
