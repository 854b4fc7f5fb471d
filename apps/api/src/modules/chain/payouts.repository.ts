import { type Decimal, toPlain } from '@vaultline/shared';
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { chainPayouts } from '../../db/schema';

export type PayoutRow = typeof chainPayouts.$inferSelect;
export type PayoutStatus = PayoutRow['status'];

export async function insertPayout(db: DbOrTx, v: typeof chainPayouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await db.insert(chainPayouts).values(v).returning();
  if (!row) throw new Error('payout insert returned nothing');
  return row;
}

export async function findPayout(db: DbOrTx, id: string, lock = false): Promise<PayoutRow | undefined> {
  const q = db.select().from(chainPayouts).where(eq(chainPayouts.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** States a payout ends in without paying: it no longer settles anything (its retry or replacement may). */
export const ENDED_UNPAID: PayoutStatus[] = ['failed', 'cancelled'];

/** The live (not failed, not cancelled) payout settling this thing, if any. */
export async function livePayoutOf(db: DbOrTx, purpose: PayoutRow['purpose'], reference: string) {
  const [row] = await db
    .select()
    .from(chainPayouts)
    .where(
      and(
        eq(chainPayouts.purpose, purpose),
        eq(chainPayouts.reference, reference),
        notInArray(chainPayouts.status, ENDED_UNPAID),
      ),
    );
  return row;
}

/** Live payouts (any purpose) settling this reference other than `id`: what replaced a failed one. */
export function otherLivePayouts(db: DbOrTx, reference: string, id: string) {
  return db
    .select({ id: chainPayouts.id })
    .from(chainPayouts)
    .where(
      and(
        eq(chainPayouts.reference, reference),
        ne(chainPayouts.id, id),
        notInArray(chainPayouts.status, ENDED_UNPAID),
      ),
    );
}

/** The newest payout of each of these references (an exchange's payout hash and state). */
export function payoutsOf(db: DbOrTx, references: string[]) {
  if (references.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chainPayouts)
    .where(inArray(chainPayouts.reference, references))
    .orderBy(desc(chainPayouts.createdAt));
}

/** Payouts of a network in these states, oldest first (the payout job's work). */
export function payoutsIn(db: DbOrTx, network: string, statuses: PayoutStatus[], limit = 100) {
  return db
    .select()
    .from(chainPayouts)
    .where(and(eq(chainPayouts.network, network), inArray(chainPayouts.status, statuses)))
    .orderBy(asc(chainPayouts.createdAt), asc(chainPayouts.id))
    .limit(limit);
}

/** Moves a payout on only from the state it was read in; undefined when something else moved it. */
export async function movePayout(
  db: DbOrTx,
  id: string,
  from: PayoutStatus[],
  set: Partial<typeof chainPayouts.$inferInsert>,
): Promise<PayoutRow | undefined> {
  const [row] = await db
    .update(chainPayouts)
    .set(set)
    .where(and(eq(chainPayouts.id, id), inArray(chainPayouts.status, from)))
    .returning();
  return row;
}

/** The advisory lock key of the automatic payouts' daily cap ("vpca" in ASCII). */
const AUTO_PAYOUT_CAP_LOCK = 0x76706361;

/**
 * Serialises the signing of automatic payouts across networks (each network's job may run on its
 * own instance): held until the signing transaction ends, so the next one reads a total that
 * includes this one.
 */
export async function lockAutoPayoutCap(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUTO_PAYOUT_CAP_LOCK})`);
}

/**
 * USD sent automatically (no admin's Send) on every network in the last 24 hours, each payout at its
 * value when it was signed.
 */
export async function autoSentUsd(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ usd: sql<string>`coalesce(sum(${chainPayouts.usdValue}), 0)::text` })
    .from(chainPayouts)
    .where(
      and(
        isNull(chainPayouts.approvedBy),
        inArray(chainPayouts.status, ['signed', 'sent', 'mined', 'confirmed']),
        gt(chainPayouts.signedAt, sql`now() - interval '24 hours'`),
      ),
    );
  return row?.usd ?? '0';
}

/** The payouts of a network signed with a nonce from `nonce` on: the hot wallet's own transactions. */
export function payoutsFromNonce(db: DbOrTx, network: string, nonce: number) {
  return db
    .select({ id: chainPayouts.id, nonce: chainPayouts.nonce, txHash: chainPayouts.txHash })
    .from(chainPayouts)
    .where(
      and(eq(chainPayouts.network, network), gte(chainPayouts.nonce, nonce), isNotNull(chainPayouts.txHash)),
    );
}

/**
 * The next nonce of the hot wallet: never below what the chain expects (another wallet may have
 * used it) nor below what was handed out before. One statement in the signing transaction.
 */
export async function takeNonce(db: DbOrTx, network: string, chainPending: number): Promise<number> {
  const res = (await db.execute(sql`
    update chain_networks set next_nonce = greatest(coalesce(next_nonce, 0), ${chainPending}) + 1
    where network = ${network} returning next_nonce - 1 as nonce`)) as unknown as {
    rows: { nonce: string }[];
  };
  const nonce = res.rows[0]?.nonce;
  if (nonce === undefined) throw new Error(`network ${network} is not set up`);
  return Number(nonce);
}

export function listPayouts(db: DbOrTx, statuses: PayoutStatus[] | undefined, limit: number, offset: number) {
  return db
    .select()
    .from(chainPayouts)
    .where(statuses ? inArray(chainPayouts.status, statuses) : undefined)
    .orderBy(desc(chainPayouts.createdAt), desc(chainPayouts.id))
    .limit(limit)
    .offset(offset);
}

export async function countPayouts(db: DbOrTx, statuses: PayoutStatus[] | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chainPayouts)
    .where(statuses ? inArray(chainPayouts.status, statuses) : undefined);
  return Number(row?.n ?? 0);
}

/**
 * Open payouts (not confirmed, failed or cancelled) per network and status, and since when the oldest one
 * has waited (signed ones: since signing): the metrics, on its partial index.
 */
export async function openPayoutCounts(
  db: DbOrTx,
): Promise<{ network: string; status: PayoutStatus; count: number; oldest: Date }[]> {
  const rows = await db
    .select({
      network: chainPayouts.network,
      status: chainPayouts.status,
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | string>`min(coalesce(${chainPayouts.signedAt}, ${chainPayouts.createdAt}))`,
    })
    .from(chainPayouts)
    .where(sql`${chainPayouts.status} not in ('confirmed', 'failed', 'cancelled')`)
    .groupBy(chainPayouts.network, chainPayouts.status);
  return rows.map((r) => ({ ...r, oldest: new Date(r.oldest) }));
}

/** A payout asked for by a module (queued; the job sends it, or it waits for an admin past the limits). */
export function insertRequestedPayout(
  db: DbOrTx,
  p: {
    network: string;
    assetId: string;
    to: string;
    amount: Decimal;
    usdValue: Decimal;
    purpose: PayoutRow['purpose'];
    reference: string;
    approvedBy?: string;
  },
  adapter: { normalAddress(a: string): string } | undefined,
): Promise<PayoutRow> {
  return insertPayout(db, {
    network: p.network,
    assetId: p.assetId,
    toAddress: adapter?.normalAddress(p.to) ?? p.to,
    amount: toPlain(p.amount),
    usdValue: toPlain(p.usdValue.toDecimalPlaces(2)),
    purpose: p.purpose,
    reference: p.reference,
    status: 'queued',
    approvedBy: p.approvedBy ?? null,
  });
}
