import { defineModule } from '../../kernel/module';
import { accountRoutes } from './account.routes';
import { accountService, type AccountService } from './account.service';

declare module '../../kernel/module' {
  interface ModuleServices {
    account: AccountService;
  }
}

/** The member's own settings: profile, devices and password. Owns no tables. */
export const accountModule = defineModule({
  name: 'account',
  dependsOn: ['identity'],
  create: (_kernel, { identity }) => accountService({ identity: identity.users, sessions: identity.sessions }),
  routes: async (app, { services }) => {
    await app.register(accountRoutes, { account: services.account });
  },
});
