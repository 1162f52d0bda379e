import { defineModule } from '../../kernel/module';
import { creditsService, type CreditsService } from './credits.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    credits: CreditsService;
  }
}

/** Members' credits: the append-only ledger and its balance. Its routes are checkout's. */
export const creditsModule = defineModule({
  name: 'credits',
  dependsOn: [],
  create: (kernel) => creditsService(kernel),
});
