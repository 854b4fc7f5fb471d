import { Transaction } from '@scure/btc-signer';
import { Decimal } from '@vaultline/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import type { LedgerService } from '../../ledger/ledger.service';
import { type SweepRow, units } from './sweep-views';

/**
 * The books of a sweep (decision 0055): what left (amount and fee) booked out when it is broadcast,
 * or seen on chain or in the node's pool after the operator broadcast it from their wallet; a sweep
 * that can never be mined (dropped) books nothing, so that booking is reversed. Each under its own
 * reference: the first booking has the one an operator transfer out of that hash would have (never
 * booked twice); after a drop and a re-broadcast, the n-th booking and the n-th reversal their own.
 */
export interface SweepBooks {
  ledger: Pick<LedgerService, 'post'>;
  /** The asset's id (undefined: not in the catalog, nothing booked), its ticker and decimals. */
  assetId: string | undefined;
  ticker: string;
  decimals: number;
}

const outRef = (s: SweepRow, txid: string, ticker: string) =>
  `${s.network}:${txid}:${ticker}:out${s.drops > 0 ? `:again:${s.drops}` : ''}`;

async function post(tx: Tx, b: SweepBooks, s: SweepRow, reference: string, sign: 1 | -1, memo: string) {
  if (!b.assetId) return;
  const amount = new Decimal(units(s.amount + s.fee, b.decimals)).mul(sign);
  await b.ledger.post(tx, {
    kind: 'chain_operator',
    reference,
    memo,
    legs: [
      { owner: { kind: 'external' }, assetId: b.assetId, amount },
      { owner: { kind: 'house' }, assetId: b.assetId, amount: amount.neg() },
    ],
  });
}

/** One sweep of a network at a time from its checks to its booking (sweeps.ts `signed`, the follow pass). */
export async function lockSweeps(tx: Tx, network: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`vaultline sweep ${network}`}))`);
}

/**
 * Marks a sweep broadcast with this hash (and these bytes when known) and books what left, in `tx`;
 * from `from` only. Undefined when something else moved it meanwhile (nothing booked).
 */
export async function markBroadcast(
  tx: Tx,
  b: SweepBooks,
  s: SweepRow,
  from: 'built' | 'dropped' | 'abandoned',
  txid: string,
  hex: string | null,
): Promise<SweepRow | undefined> {
  const [u] = await tx
    .update(chainSweeps)
    .set({
      status: 'broadcast',
      txHash: txid,
      broadcastAt: new Date(),
      dropReason: null,
      ...(hex ? { txHex: hex } : {}),
    })
    .where(and(eq(chainSweeps.id, s.id), eq(chainSweeps.status, from)))
    .returning();
  if (!u) return undefined;
  await post(
    tx,
    b,
    u,
    outRef(u, txid, b.ticker),
    1,
    `sweep of deposit addresses to ${s.destination} (fee ${units(s.fee, b.decimals)})`,
  );
  return u;
}

/** Ends a broadcast sweep that can never be mined: `dropped` with the reason, its booking reversed. */
export async function markDropped(
  tx: Tx,
  b: SweepBooks,
  s: SweepRow,
  reason: string,
): Promise<SweepRow | undefined> {
  const [u] = await tx
    .update(chainSweeps)
    .set({ status: 'dropped', dropReason: reason, drops: sql`${chainSweeps.drops} + 1` })
    .where(and(eq(chainSweeps.id, s.id), eq(chainSweeps.status, 'broadcast')))
    .returning();
  if (!u || !s.txHash) return undefined;
  await post(
    tx,
    b,
    s,
    `${s.network}:${s.txHash}:${b.ticker}:out:dropped:${u.drops}`,
    -1,
    `sweep ${s.id} can never be mined (${reason}): its booking out reversed`,
  );
  return u;
}

/**
 * Ends a built sweep that can never be mined (its deposits spent by another, deep): `abandoned` with
 * the hash it would have had and the reason; nothing was booked.
 */
export async function markAbandoned(
  tx: Tx,
  s: SweepRow,
  txid: string,
  reason: string,
): Promise<SweepRow | undefined> {
  const [u] = await tx
    .update(chainSweeps)
    .set({ status: 'abandoned', txHash: txid, dropReason: reason })
    .where(and(eq(chainSweeps.id, s.id), eq(chainSweeps.status, 'built')))
    .returning();
  return u;
}

/** Sweeps of these statuses that spend any of these deposits (`txid:vout`). */
export async function sweepsSpending(
  tx: Tx,
  network: string,
  statuses: SweepRow['status'][],
  inputs: Set<string>,
) {
  const rows = await tx
    .select()
    .from(chainSweeps)
    .where(and(eq(chainSweeps.network, network), inArray(chainSweeps.status, statuses)));
  return rows.filter((o) => o.inputs.some((i) => inputs.has(`${i.txid}:${i.vout}`)));
}

/** The hashes of every sweep of a network (broadcast or not): a new one must differ from all. */
export async function sweepHashes(tx: Tx, network: string): Promise<Set<string>> {
  const rows = await tx
    .select({ psbt: chainSweeps.psbt, txHash: chainSweeps.txHash })
    .from(chainSweeps)
    .where(eq(chainSweeps.network, network));
  return new Set(rows.flatMap((r) => [r.txHash ?? sweepTxid(r.psbt), sweepTxid(r.psbt)]));
}

/**
 * The hash of the transaction a sweep's PSBT becomes once signed: every input is SegWit (P2WPKH),
 * so signatures are witness data and the hash is the unsigned transaction's.
 */
export function sweepTxid(psbt: string): string {
  return Transaction.fromPSBT(Buffer.from(psbt, 'base64')).id;
}
