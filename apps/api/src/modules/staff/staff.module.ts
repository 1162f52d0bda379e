import { defineModule } from '../../kernel/module';
import { auditLog, type AuditLog } from './audit.service';
import { secondFactor } from './second-factor';
import { staffAccessService, type StaffAccessService } from './staff-access.service';
import { staffGate } from './staff-gate';
import { staffPeopleService, type StaffPeopleService } from './staff-people.service';
import { staffRoutes } from './staff.routes';

export interface StaffModule {
  /** sign-in, sessions, one's own password and recovery codes */
  access: StaffAccessService;
  /** invitations, roles, removal, the sandbox's demo owner */
  people: StaffPeopleService;
  /** the append-only log every staff action writes to, in its own transaction */
  audit: AuditLog;
}

export interface StaffSettings {
  /** the sandbox's demo owner is made, and its details sent to the outbox, at start */
  demoOwner: boolean;
  /**
   * COOKIE_SECRET: seals the TOTP secrets and keys the recovery codes, so every process (and
   * the operator's command line, which has no identity settings) must be given the same one
   */
  secret: string;
}

declare module '../../kernel/module' {
  interface ModuleServices {
    staff: StaffModule;
  }
  interface ModuleSettings {
    staff: StaffSettings;
  }
}

/** The people who run the store: their sign-in, roles, invitations and audit log (docs/staff.md). */
export const staffModule = defineModule({
  name: 'staff',
  dependsOn: ['identity', 'notifications'],
  create(kernel, { identity, notifications }) {
    const { limiter } = identity.settings;
    const secret = kernel.settings.staff?.secret ?? identity.settings.secret;
    const clock = kernel.clock;
    const factor = secondFactor(secret);
    const audit = auditLog({ clock });
    const access = staffAccessService({ clock, secret, limiter, factor, audit });
    const people = staffPeopleService({
      clock,
      secret,
      publicBaseUrl: kernel.publicBaseUrl,
      factor,
      audit,
      access,
      notifications,
    });
    return { access, people, audit };
  },
  // the gate covers every module's back-office routes
  plugins: async (app, { services }) => {
    await app.register(staffGate, { access: services.staff.access });
  },
  routes: async (app, { services }) => {
    await app.register(staffRoutes, { staff: services.staff });
  },
  async start(staff, kernel) {
    if (kernel.settings.staff?.demoOwner) await staff.people.ensureDemoOwner(kernel.root);
  },
});
