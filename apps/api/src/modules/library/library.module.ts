import { defineModule } from '../../kernel/module';
import { libraryRoutes } from './library.routes';
import { libraryService, type LibraryService } from './library.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    library: LibraryService;
  }
}

/** The member's places in titles (synced across devices), bookmarks, highlights, time listened, wishlist and likes. */
export const libraryModule = defineModule({
  name: 'library',
  dependsOn: ['catalog'],
  create: (kernel, deps) => libraryService(kernel, deps),
  routes: libraryRoutes,
});
