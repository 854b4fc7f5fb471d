import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** A delivery taken by this instance: what to send, where, and with which secret. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  /** Attempts made before this one. */
  attempts: number;
  type: string;
  payload: unknown;
  eventCreatedAt: Date;
  /** The event is older than the retry window: marked failed without a request. */
  expired: boolean;
  /** The partner's account is disabled: nothing is sent to it (marked failed without a request). */
  partnerDisabled: boolean;
  url: string;
  secret: string;
}

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ms = (n: number) => `${Math.round(n)} milliseconds`;

/**
 * Takes up to `limit` due deliveries. SKIP LOCKED lets several instances claim at once without
 * waiting on or taking each other's rows; the claim moves the row's next attempt `leaseMs` ahead,
 * so it is not taken again while this instance sends it (and is retried if this instance dies).
 * The transaction is this one statement: no lock is held during the HTTP request.
 */
export async function claimDue(
  db: DbOrTx,
  limit: number,
  leaseMs: number,
  maxAgeMs: number,
): Promise<ClaimedDelivery[]> {
  const r = await db.execute(sql`
    with due as (
      select d.id from partner_webhook_deliveries d
      join partner_webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null and e.deleted_at is null
      where d.status = 'pending' and d.next_attempt_at <= now()
      order by d.next_attempt_at
      limit ${limit}
      for update of d skip locked
    )
    update partner_webhook_deliveries d set next_attempt_at = now() + ${ms(leaseMs)}::interval
    from due, partner_webhook_endpoints e, partner_webhook_events ev, users u
    where d.id = due.id and e.id = d.endpoint_id and ev.id = d.event_id and u.id = d.partner_id
    returning d.id, d.event_id as "eventId", d.endpoint_id as "endpointId", d.attempts, ev.type, ev.payload,
      ev.created_at as "eventCreatedAt", ev.created_at < now() - ${ms(maxAgeMs)}::interval as expired,
      u.status <> 1 as "partnerDisabled", e.url, e.secret`);
  return rows<ClaimedDelivery>(r).map((d) => ({ ...d, eventCreatedAt: new Date(d.eventCreatedAt) }));
}

/**
 * 2xx answers, written together (one statement for all the deliveries a pass saw succeed): each is
 * done, and its endpoint answers again. The ids travel as one text parameter (no driver arrays).
 */
export async function markDelivered(db: DbOrTx, done: { id: string; statusCode: number }[]) {
  if (done.length === 0) return;
  await db.execute(sql`
    with done as (
      select * from unnest(string_to_array(${done.map((d) => d.id).join(',')}, ',')::uuid[],
        string_to_array(${done.map((d) => d.statusCode).join(',')}, ',')::int[]) as t(id, code)
    ), upd as (
      update partner_webhook_deliveries d set status = 'delivered', attempts = d.attempts + 1,
        last_attempt_at = now(), delivered_at = now(), last_status_code = done.code, last_error = null
      from done where d.id = done.id
      returning d.endpoint_id
    )
    update partner_webhook_endpoints set failing_since = null
    where id in (select endpoint_id from upd) and failing_since is not null`);
}

/**
 * A failed attempt: the next one after `delayMs`, or none (failed) when it would fall outside the
 * retry window counted from the event. The endpoint's run of failures starts now unless it had.
 */
export async function markFailed(
  db: DbOrTx,
  d: { id: string; endpointId: string },
  outcome: { statusCode: number | null; error: string; delayMs: number; maxAgeMs: number },
) {
  await db.execute(sql`
    update partner_webhook_deliveries d set attempts = d.attempts + 1, last_attempt_at = now(),
      last_status_code = ${outcome.statusCode}, last_error = ${outcome.error.slice(0, 300)},
      next_attempt_at = now() + ${ms(outcome.delayMs)}::interval,
      status = case when ev.created_at + ${ms(outcome.maxAgeMs)}::interval < now() + ${ms(outcome.delayMs)}::interval
        then 'failed' else 'pending' end
    from partner_webhook_events ev
    where d.id = ${d.id} and ev.id = d.event_id`);
  await db.execute(sql`
    update partner_webhook_endpoints set failing_since = now()
    where id = ${d.endpointId} and failing_since is null`);
}

/** An expired delivery (its endpoint was disabled past the window, or its instance died): failed. */
export async function markExpired(db: DbOrTx, id: string) {
  await db.execute(sql`
    update partner_webhook_deliveries set status = 'failed', last_error = coalesce(last_error, 'expired')
    where id = ${id} and status = 'pending'`);
}

/**
 * A delivery for a partner whose account is disabled: failed without a request (its events carry
 * end users' addresses). It is not retried once the account is enabled again; later events are sent.
 */
export async function markPartnerDisabled(db: DbOrTx, id: string) {
  await db.execute(sql`
    update partner_webhook_deliveries set status = 'failed', last_error = 'the partner account is disabled'
    where id = ${id} and status = 'pending'`);
}

export interface DisabledEndpoint {
  id: string;
  url: string;
  email: string;
  firstName: string;
  language: string;
}

/**
 * Disables the endpoint when it has failed without a success for `afterMs` (one statement: two
 * instances never both disable it, so its owner gets one e-mail), and parks its pending deliveries
 * until it is enabled again. Answers the owner to tell, or undefined.
 */
export async function disableIfFailingSince(
  db: DbOrTx,
  endpointId: string,
  afterMs: number,
): Promise<DisabledEndpoint | undefined> {
  const r = await db.execute(sql`
    with off as (
      update partner_webhook_endpoints e set disabled_at = now()
      where e.id = ${endpointId} and e.disabled_at is null and e.deleted_at is null
        and e.failing_since < now() - ${ms(afterMs)}::interval
      returning e.id, e.url, e.partner_id
    ), parked as (
      update partner_webhook_deliveries d set next_attempt_at = 'infinity'
      from off where d.endpoint_id = off.id and d.status = 'pending'
    )
    select off.id, off.url, u.email, u.first_name as "firstName", u.prefered_language as language
    from off join users u on u.id = off.partner_id`);
  return rows<DisabledEndpoint>(r)[0];
}
