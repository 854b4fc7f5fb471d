import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per admin change, or a job's (the system actor: actor_id null), (who, when, what, on what,
 * before and after), written in the same
 * transaction as the change. Append-only (trigger in its migration). before/after hold the changed
 * fields only: no secrets, no guest e-mail.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Order of writing: orders changes made in the same instant (the embedded database's clock
     * ticks in milliseconds), so a change is never listed before the one it followed.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The admin; null for the system (a job's action: SYSTEM_ACTOR in the audit module). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    // Newest first is a backward scan of these.
    index('audit_log_at_idx').on(t.at, t.seq),
    index('audit_log_target_idx').on(t.targetId, t.at, t.seq),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
