import { defineModule } from '../../kernel/module';
import { bundleDesk, type BundleDesk } from './bundle-desk.service';
import { bundleDeskRoutes } from './bundle-desk.routes';
import { commerceService, type CommerceService } from './commerce.service';

/** Offers and bundles, and the back office's bundles desk. */
export type CommerceModule = CommerceService & { bundleDesk: BundleDesk };

declare module '../../kernel/module' {
  interface ModuleServices {
    commerce: CommerceModule;
  }
}

/** What is for sale and on which terms: offers and bundles. */
export const commerceModule = defineModule({
  name: 'commerce',
  dependsOn: [],
  create: (kernel) => {
    const commerce = commerceService(kernel);
    return {
      ...commerce,
      bundleDesk: bundleDesk(
        kernel,
        async (ctx, id) => (await commerce.deskOffers(ctx, id, 'bundle')).find((o) => o.format === 'bundle') ?? null,
      ),
    };
  },
  routes: bundleDeskRoutes,
});
