import { defineModule } from '../../kernel/module';
import { entitlementsService, type EntitlementsService } from './entitlements.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    entitlements: EntitlementsService;
  }
}

/** Who may listen to or read what, and why (`canAccess`). Its lists are served by checkout. */
export const entitlementsModule = defineModule({
  name: 'entitlements',
  dependsOn: ['commerce'],
  create: (kernel, { commerce }) => entitlementsService(kernel, { commerce }),
});
