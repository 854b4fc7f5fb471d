import type { AdminPage, AuditAction, AuditEntry, AuditLogQuery, AuditTarget } from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { countAudit, insertAudit, listAudit } from './audit.repository';

/**
 * The actor of what the system does by itself (a job, no admin): stored as a null actor_id, shown as
 * "System". Never a user row, so it can neither sign in nor be mistaken for an admin.
 */
export const SYSTEM_ACTOR = 'system' as const;

/** One admin change (or the system's): who, what, on what, and the changed fields before and after. */
export interface AuditRecord {
  actorId: string | typeof SYSTEM_ACTOR;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes what the system did by itself (a job's action, no admin) in the transaction that does it,
 * with the system actor.
 */
export function recordSystem(tx: DbOrTx, r: Omit<AuditRecord, 'actorId'>): Promise<void> {
  return insertAudit(tx, { ...r, actorId: null });
}

/**
 * The back office's audit trail. `record` takes the transaction that makes the change, so the row
 * and the change commit (or roll back) together; the log itself is append-only in the database.
 */
export function createAuditService({ db }: { db: Db }) {
  return {
    async record(tx: DbOrTx, r: AuditRecord): Promise<void> {
      await insertAudit(tx, { ...r, actorId: r.actorId === SYSTEM_ACTOR ? null : r.actorId });
    },

    async list(q: AuditLogQuery): Promise<AdminPage<AuditEntry>> {
      const filter = { action: q.action, targetId: q.targetId };
      const [rows, total] = await Promise.all([
        listAudit(db, filter, (q.page - 1) * q.pageSize, q.pageSize),
        countAudit(db, filter),
      ]);
      return {
        items: rows.map(({ entry: e, actor }) => ({
          id: e.id,
          at: e.at.toISOString(),
          actor,
          // Only the service writes these columns, from the shared lists.
          action: e.action as AuditAction,
          targetType: e.targetType as AuditTarget,
          targetId: e.targetId,
          before: e.before ?? null,
          after: e.after ?? null,
        })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** What another module needs to write its admin changes to the log. */
export type AuditTrail = Pick<AuditService, 'record'>;
