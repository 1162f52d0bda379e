import type { AuditEntry } from '@nomsan/contracts/staff';
import type { Clock } from '../../lib/clock';
import { boundRepository, type Ctx } from '../../kernel/unit-of-work';
import { staffRepository } from './staff.repository';

/** Who did it: a staff member, or the operator's command line (`staffId` null). */
export interface Actor {
  staffId: number | null;
  actor: string;
}

/** The operator at the command line (`npm run admin`). */
export const OPERATOR: Actor = { staffId: null, actor: 'npm run admin' };

/**
 * The audit log (docs/staff.md): every staff action, written in the transaction of the change it
 * describes (a change rolled back leaves no entry), who, when, what, to which object, before and
 * after. The table refuses updates and deletes.
 */
export function auditLog(deps: { clock: Clock }) {
  const repository = boundRepository(staffRepository);
  return {
    async record(
      ctx: Ctx,
      who: Actor,
      action: string,
      objectType: string,
      objectId: string | number | null,
      change: { before?: unknown; after?: unknown } = {},
    ): Promise<void> {
      await repository(ctx).appendAudit({
        at: deps.clock.now(),
        staffId: who.staffId,
        actor: who.actor,
        action,
        objectType,
        objectId: objectId === null ? null : String(objectId),
        before: change.before ?? null,
        after: change.after ?? null,
      });
    },

    /** many actions of one person at once (a catalogue import's titles), in the caller's transaction */
    async recordMany(
      ctx: Ctx,
      who: Actor,
      entries: {
        action: string;
        objectType: string;
        objectId: string | number | null;
        before?: unknown;
        after?: unknown;
      }[],
    ): Promise<void> {
      const at = deps.clock.now();
      await repository(ctx).appendAuditMany(
        entries.map((entry) => ({
          at,
          staffId: who.staffId,
          actor: who.actor,
          action: entry.action,
          objectType: entry.objectType,
          objectId: entry.objectId === null ? null : String(entry.objectId),
          before: entry.before ?? null,
          after: entry.after ?? null,
        })),
      );
    },

    /** newest first, a page at a time (keyset on the id), by person and object */
    async list(
      ctx: Ctx,
      filter: { staffId?: number; objectType?: string; objectId?: string; before?: number },
      limit: number,
    ): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
      const rows = await repository(ctx).audit(filter, limit + 1);
      const page = rows.slice(0, limit);
      return {
        entries: page.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          staff_id: row.staffId,
          actor: row.actor,
          action: row.action,
          object_type: row.objectType,
          object_id: row.objectId,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        nextBefore: rows.length > limit ? page.at(-1)!.id : null,
      };
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
