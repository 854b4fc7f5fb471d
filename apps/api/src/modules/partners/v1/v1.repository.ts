import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { guestExchanges, partnerIdempotencyKeys, partnerQuotes, users } from '../../../db/schema';
import { cursorOf, keysetCondition } from '../../../lib/keyset';

export type QuoteRow = typeof partnerQuotes.$inferSelect;
export type PartnerExchangeRow = typeof guestExchanges.$inferSelect;

export async function insertQuote(db: DbOrTx, v: typeof partnerQuotes.$inferInsert): Promise<QuoteRow> {
  const [row] = await db.insert(partnerQuotes).values(v).returning();
  if (!row) throw new Error('quote insert returned nothing');
  return row;
}

export async function findQuote(db: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(partnerQuotes).where(eq(partnerQuotes.id, id)).limit(1);
  return row;
}

/**
 * Marks the partner's quote used, in one statement judged by the database clock: of two
 * concurrent claims only one matches `used_at is null`; false for the other, or when expired.
 */
export async function claimQuote(db: DbOrTx, id: string, partnerId: string): Promise<boolean> {
  const rows = await db
    .update(partnerQuotes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(partnerQuotes.id, id),
        eq(partnerQuotes.partnerId, partnerId),
        isNull(partnerQuotes.usedAt),
        gt(partnerQuotes.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: partnerQuotes.id });
  return rows.length === 1;
}

/** The partner account's e-mail (the exchange's e-mail column when the end user gave none). */
export async function partnerEmail(db: DbOrTx, partnerId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, partnerId)).limit(1);
  return row?.email;
}

/** One exchange of this partner (another's is not found). */
export async function findPartnerExchange(
  db: DbOrTx,
  partnerId: string,
  id: string,
): Promise<PartnerExchangeRow | undefined> {
  const [row] = await db
    .select()
    .from(guestExchanges)
    .where(and(eq(guestExchanges.id, id), eq(guestExchanges.partnerId, partnerId)))
    .limit(1);
  return row;
}

/**
 * A page of the partner's exchanges, newest first, after the cursor's row: an index range on
 * (partner_id, creation_date, id), the same cost at any depth. One row more than asked tells
 * whether a next page exists.
 */
export function partnerExchangesPage(
  db: DbOrTx,
  partnerId: string,
  after: { micros: string; id: string } | undefined,
  limit: number,
) {
  const at = guestExchanges.creationDate;
  const id = guestExchanges.id;
  const range = after ? keysetCondition({ kind: 'after', ...after, limit }, at, id) : undefined;
  return db
    .select({ row: guestExchanges, cursor: cursorOf(at, id) })
    .from(guestExchanges)
    .where(and(eq(guestExchanges.partnerId, partnerId), range))
    .orderBy(desc(at), desc(id))
    .limit(limit + 1);
}

export type IdempotencyRow = typeof partnerIdempotencyKeys.$inferSelect;

/** The key of one request, and the claim it took it under (a retry that takes it over has another). */
export interface KeyClaim {
  partnerId: string;
  key: string;
  claim: string;
}

const heldBy = (k: KeyClaim) =>
  and(
    eq(partnerIdempotencyKeys.partnerId, k.partnerId),
    eq(partnerIdempotencyKeys.key, k.key),
    eq(partnerIdempotencyKeys.claim, k.claim),
    // A stored answer is never written over.
    isNull(partnerIdempotencyKeys.statusCode),
  );

/**
 * Takes the key for this request, in a statement of its own (committed at once, so concurrent
 * requests with the key see it): its claim when this request holds it, undefined when it was there.
 */
export async function takeIdempotencyKey(
  db: DbOrTx,
  v: { partnerId: string; key: string; route: string; requestHash: string },
): Promise<string | undefined> {
  const rows = await db
    .insert(partnerIdempotencyKeys)
    .values(v)
    .onConflictDoNothing()
    .returning({ claim: partnerIdempotencyKeys.claim });
  return rows[0]?.claim;
}

export async function findIdempotencyKey(
  db: DbOrTx,
  partnerId: string,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerIdempotencyKeys)
    .where(and(eq(partnerIdempotencyKeys.partnerId, partnerId), eq(partnerIdempotencyKeys.key, key)))
    .limit(1);
  return row;
}

/** Stores the answer, only while this request still holds the key and no answer is stored. */
export async function finishIdempotencyKey(
  db: DbOrTx,
  k: KeyClaim,
  statusCode: number,
  response: unknown,
): Promise<boolean> {
  const rows = await db
    .update(partnerIdempotencyKeys)
    .set({ statusCode, response })
    .where(heldBy(k))
    .returning({ key: partnerIdempotencyKeys.key });
  return rows.length === 1;
}

/**
 * First in the create's transaction: locks the key's row while this request still holds it (so no
 * retry frees it until the transaction ends) and caps every statement of the transaction at what
 * is left of the window (PostgreSQL cancels one that runs past it; the embedded database has no
 * timer). False, and nothing locked, when the key is no longer this request's or its window passed.
 */
export async function holdIdempotencyKey(db: DbOrTx, k: KeyClaim, windowSeconds: number): Promise<boolean> {
  const r = (await db.execute(sql`
    select set_config('statement_timeout', greatest(1, floor(extract(epoch from
             created_at + make_interval(secs => ${windowSeconds}) - clock_timestamp()) * 1000))::bigint::text, true)
      from partner_idempotency_keys
     where partner_id = ${k.partnerId} and key = ${k.key} and claim = ${k.claim}
       and status_code is null and response is null
       and created_at > clock_timestamp() - make_interval(secs => ${windowSeconds})
       for update`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

/**
 * Records, in the create's own transaction, the exchange a key's request made: until its answer is
 * stored, `response` holds `{ exchangeId }` (statusCode stays null), so a retry after a crash
 * between the commit and the answer replays that exchange instead of waiting forever.
 */
export async function bindIdempotencyKey(db: DbOrTx, k: KeyClaim, exchangeId: string): Promise<boolean> {
  const rows = await db
    .update(partnerIdempotencyKeys)
    .set({ response: { exchangeId } })
    .where(heldBy(k))
    .returning({ key: partnerIdempotencyKeys.key });
  return rows.length === 1;
}

/**
 * Frees a key left "in progress" by a request that died before its create committed (no exchange
 * recorded) once it is older than `seconds`. A key whose create is still in its transaction is
 * locked (holdIdempotencyKey): skipped, not waited for. True when it was freed.
 */
export async function releaseAbandonedIdempotencyKey(
  db: DbOrTx,
  partnerId: string,
  key: string,
  seconds: number,
): Promise<boolean> {
  const r = (await db.execute(sql`
    delete from partner_idempotency_keys
     where (partner_id, key) in (
       select partner_id, key from partner_idempotency_keys
        where partner_id = ${partnerId} and key = ${key}
          and status_code is null and response is null
          and created_at < now() - make_interval(secs => ${seconds})
          for update skip locked)
    returning key`)) as unknown as { rows: unknown[] };
  return r.rows.length === 1;
}

/** Frees a key whose request failed (nothing was created): the partner may retry with it. */
export async function releaseIdempotencyKey(db: DbOrTx, k: KeyClaim): Promise<void> {
  await db.delete(partnerIdempotencyKeys).where(
    and(
      heldBy(k),
      // An exchange already committed under the key keeps it: a retry replays that exchange.
      isNull(partnerIdempotencyKeys.response),
    ),
  );
}
