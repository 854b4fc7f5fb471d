import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** A key still being answered (status_code null) is kept this long whatever the retention. */
const IN_PROGRESS_MS = 3_600_000;

const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;
const count = (res: unknown) => (res as { rows: unknown[] }).rows.length;

/**
 * Deletes at most `batch` idempotency keys older than `olderThanMs` (oldest first, through
 * partner_idempotency_created_idx), keeping a key still in progress for its first hour: the create
 * holding it has not answered yet. One statement: its own short transaction. Returns the rows deleted.
 */
export async function deleteOldIdempotencyKeys(db: DbOrTx, olderThanMs: number, batch: number) {
  return count(
    await db.execute(sql`
      delete from partner_idempotency_keys
      where (partner_id, key) in (
        select partner_id, key from partner_idempotency_keys
        where created_at < now() - ${interval(olderThanMs)}
          and (status_code is not null or created_at < now() - ${interval(IN_PROGRESS_MS)})
        order by created_at
        limit ${batch})
      returning 1`),
  );
}

/**
 * Deletes at most `batch` webhook events older than `olderThanMs` whose deliveries are all finished
 * (none pending), oldest first (partner_webhook_events_created_idx); their deliveries go with them
 * (cascade, through partner_webhook_deliveries_event_idx). Returns the events deleted.
 */
export async function deleteOldWebhookEvents(db: DbOrTx, olderThanMs: number, batch: number) {
  return count(
    await db.execute(sql`
      delete from partner_webhook_events
      where id in (
        select e.id from partner_webhook_events e
        where e.created_at < now() - ${interval(olderThanMs)}
          and not exists (
            select 1 from partner_webhook_deliveries d where d.event_id = e.id and d.status = 'pending')
        order by e.created_at
        limit ${batch})
      returning 1`),
  );
}
