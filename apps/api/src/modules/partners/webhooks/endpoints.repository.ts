import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { partnerWebhookDeliveries, partnerWebhookEndpoints, partnerWebhookEvents } from '../../../db/schema';
import { cursorOf } from '../../../lib/keyset';

const ep = partnerWebhookEndpoints;
const dl = partnerWebhookDeliveries;
/** An endpoint of this partner that was not deleted (deleted ones answer 404 like others'). */
const own = (partnerId: string, id: string) =>
  and(eq(ep.id, id), eq(ep.partnerId, partnerId), isNull(ep.deletedAt));

export async function countEndpoints(db: DbOrTx, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ep)
    .where(and(eq(ep.partnerId, partnerId), isNull(ep.deletedAt)));
  return row?.n ?? 0;
}

export async function insertEndpoint(
  db: DbOrTx,
  v: { partnerId: string; url: string; events: string[]; secret: string },
) {
  const [row] = await db.insert(ep).values(v).returning({ id: ep.id });
  if (!row) throw new Error('endpoint insert returned no row');
  return row;
}

const view = {
  id: ep.id,
  url: ep.url,
  events: ep.events,
  createdAt: ep.createdAt,
  failingSince: ep.failingSince,
  disabledAt: ep.disabledAt,
};

/** Never the secret. */
export function listEndpoints(db: DbOrTx, partnerId: string) {
  return db
    .select(view)
    .from(ep)
    .where(and(eq(ep.partnerId, partnerId), isNull(ep.deletedAt)))
    .orderBy(desc(ep.createdAt), desc(ep.id));
}

/** Deletes one (kept for the log) and fails its pending deliveries; false when not the partner's. */
export async function deleteEndpoint(db: DbOrTx, partnerId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(ep)
    .set({ deletedAt: sql`now()` })
    .where(own(partnerId, id))
    .returning({ id: ep.id });
  if (rows.length === 0) return false;
  await db
    .update(dl)
    .set({ status: 'failed', lastError: 'endpoint deleted' })
    .where(and(eq(dl.endpointId, id), eq(dl.status, 'pending')));
  return true;
}

export async function rotateSecret(
  db: DbOrTx,
  partnerId: string,
  id: string,
  secret: string,
): Promise<boolean> {
  const rows = await db
    .update(ep)
    .set({ secret, rotatedAt: sql`now()` })
    .where(own(partnerId, id))
    .returning({ id: ep.id });
  return rows.length > 0;
}

/** Enables it again with a clean record; its parked deliveries are due at once. */
export async function enableEndpoint(db: DbOrTx, partnerId: string, id: string) {
  const [row] = await db
    .update(ep)
    .set({ disabledAt: null, failingSince: null })
    .where(own(partnerId, id))
    .returning(view);
  if (!row) return undefined;
  await db
    .update(dl)
    .set({ nextAttemptAt: sql`now()` })
    .where(and(eq(dl.endpointId, id), eq(dl.status, 'pending')));
  return row;
}

const deliveryView = {
  id: dl.id,
  eventId: dl.eventId,
  endpointId: dl.endpointId,
  url: ep.url,
  type: partnerWebhookEvents.type,
  exchangeId: partnerWebhookEvents.exchangeId,
  status: dl.status,
  attempts: dl.attempts,
  lastStatusCode: dl.lastStatusCode,
  lastError: dl.lastError,
  nextAttemptAt: dl.nextAttemptAt,
  deliveredAt: dl.deliveredAt,
  createdAt: dl.createdAt,
  cursor: cursorOf(dl.createdAt, dl.id),
};

/** The partner's deliveries, newest first, `limit` after the cursor (keyset on its index). */
export function listDeliveries(
  db: DbOrTx,
  partnerId: string,
  limit: number,
  cursor?: { micros: string; id: string },
) {
  const after = cursor
    ? sql`(${dl.createdAt}, ${dl.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
    : undefined;
  return db
    .select(deliveryView)
    .from(dl)
    .innerJoin(ep, eq(ep.id, dl.endpointId))
    .innerJoin(partnerWebhookEvents, eq(partnerWebhookEvents.id, dl.eventId))
    .where(and(eq(dl.partnerId, partnerId), after))
    .orderBy(desc(dl.createdAt), desc(dl.id))
    .limit(limit);
}

export async function findDelivery(db: DbOrTx, partnerId: string, id: string) {
  const [row] = await db
    .select(deliveryView)
    .from(dl)
    .innerJoin(ep, eq(ep.id, dl.endpointId))
    .innerJoin(partnerWebhookEvents, eq(partnerWebhookEvents.id, dl.eventId))
    .where(and(eq(dl.id, id), eq(dl.partnerId, partnerId)))
    .limit(1);
  return row;
}

/** The same event to the same endpoint again, as a new delivery due now; undefined if not allowed. */
export async function replayDelivery(db: DbOrTx, partnerId: string, id: string) {
  const r = (await db.execute(sql`
    insert into partner_webhook_deliveries (event_id, endpoint_id, partner_id, next_attempt_at)
    select d.event_id, d.endpoint_id, d.partner_id,
      -- A disabled endpoint's replay waits, parked like its other deliveries, until it is enabled.
      case when e.disabled_at is null then now() else 'infinity'::timestamptz end
    from partner_webhook_deliveries d join partner_webhook_endpoints e on e.id = d.endpoint_id
    where d.id = ${id} and d.partner_id = ${partnerId} and e.deleted_at is null
    returning id`)) as unknown as { rows: { id: string }[] };
  return r.rows[0]?.id;
}
