import { defineModule } from '../../kernel/module';
import { checkoutRoutes } from './checkout.routes';
import { checkoutService, type CheckoutService } from './checkout.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    checkout: CheckoutService;
  }
}

/**
 * Buying: the purchase flows over commerce's offers, billing's invoices, credits and
 * entitlements. Apart from commerce because the catalogue reads commerce's offers, and a
 * purchase reads the catalogue's titles (ADR 021).
 */
export const checkoutModule = defineModule({
  name: 'checkout',
  dependsOn: ['catalog', 'commerce', 'billing', 'credits', 'entitlements', 'notifications'],
  create: (kernel, deps) => checkoutService(kernel, deps),
  routes: checkoutRoutes,
});
