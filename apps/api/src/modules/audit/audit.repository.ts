import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, users } from '../../db/schema';

export type AuditInsert = typeof auditLog.$inferInsert;

export async function insertAudit(db: DbOrTx, row: AuditInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilter {
  action?: string | undefined;
  targetId?: string | undefined;
}

const where = (f: AuditFilter) =>
  and(
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
  );

/** One page of the log, newest first, with who made each change. */
export function listAudit(db: DbOrTx, f: AuditFilter, offset: number, limit: number) {
  return (
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(auditLog)
      // The system's rows have no actor (null).
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where(f))
      .orderBy(desc(auditLog.at), desc(auditLog.seq))
      .offset(offset)
      .limit(limit)
  );
}

export async function countAudit(db: DbOrTx, f: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(where(f));
  return row?.n ?? 0;
}
