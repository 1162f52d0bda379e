import { defineModule } from '../../kernel/module';
import { ebookRoutes } from './ebook.routes';
import { mediaRoutes } from './media.routes';

/**
 * Media: audio packaged once into encrypted DASH and HLS with one key per title, the ClearKey
 * licence and HLS key for entitled sessions, and the e-book's resources for the reader
 * (ARCHITECTURE.md section 6, ADR 022).
 */
export const mediaModule = defineModule({
  name: 'media',
  dependsOn: ['catalog', 'entitlements'],
  create: () => ({}),
  routes: async (app, context) => {
    await mediaRoutes(app, context);
    await ebookRoutes(app, context);
  },
});

declare module '../../kernel/module' {
  interface ModuleServices {
    media: object;
  }
}
