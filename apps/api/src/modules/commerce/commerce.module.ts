import { defineModule } from '../../kernel/module';
import { commerceService, type CommerceService } from './commerce.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    commerce: CommerceService;
  }
}

/** What is for sale and on which terms: offers and bundles. */
export const commerceModule = defineModule({
  name: 'commerce',
  dependsOn: [],
  create: (kernel) => commerceService(kernel),
});
