/**
 * The staff module as other modules reach it: the services (`services.staff`: access, people,
 * audit) and, for back-office routes of any module, the staff member a request is signed in as
 * and the actor the audit log names.
 */
export type { StaffModule } from './staff.module';
export { actorOf, auditedBy, requireStaff } from './staff-gate';
export { OPERATOR, type Actor } from './audit.service';
