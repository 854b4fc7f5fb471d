import { Decimal } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { BatchAttempt } from './batches.repository';

/** What a payout batch moved between the chain's view and the books, by asset id (decimal coins). */
export type BatchFlight = Map<string, Decimal>;

interface SpentBatch {
  id: string;
  attempts: string;
  spent_txid: string;
  status: string;
  asset_id: string;
  amount: string;
}

/**
 * Payout batches of a UTXO network between the chain and the books at block `block` (the last block
 * read, where the hot address's holdings are taken): a batch whose inputs the scanner saw spent at
 * or before that block by one of its attempts, and not settled yet, has left the hot wallet on chain
 * and not in the ledger: in flight, - (its payouts and the fee of the attempt that was mined). A batch
 * settled whose spend the scanner puts after that block (a reorganisation since): +. Read from the
 * scanner's own rows (chain_utxos), which move with the block read, not from the payout worker's
 * state, which can be a pass behind.
 */
export async function batchesInFlight(
  db: DbOrTx,
  network: string,
  block: number,
  nativeId: string | undefined,
  decimals: number,
): Promise<BatchFlight> {
  const res = (await db.execute(sql`
    with spent as (
      select distinct b.id, b.attempts, b.status, u.spent_txid, u.spent_block
      from chain_payout_batches b join chain_utxos u on u.batch_id = b.id and u.network = b.network
      where b.network = ${network} and u.spent_txid is not null
    )
    select s.id, s.attempts, s.spent_txid, s.status, p.asset_id, sum(p.amount)::text as amount
    from spent s join chain_payouts p on p.batch_id = s.id
    where (s.status <> 'confirmed' and s.spent_block <= ${block})
       or (s.status = 'confirmed' and s.spent_block > ${block})
    group by s.id, s.attempts, s.spent_txid, s.status, p.asset_id`)) as unknown as { rows: SpentBatch[] };

  const out: BatchFlight = new Map();
  const add = (id: string | undefined, v: Decimal) => {
    if (id) out.set(id, (out.get(id) ?? new Decimal(0)).plus(v));
  };
  const feeDone = new Set<string>();
  for (const r of res.rows) {
    // Spent by something other than one of its attempts: not this batch's payment (nothing to count).
    const attempt = (JSON.parse(r.attempts) as BatchAttempt[]).find((a) => a.txid === r.spent_txid);
    if (!attempt) continue;
    const sign = r.status === 'confirmed' ? 1 : -1;
    add(r.asset_id, new Decimal(r.amount).mul(sign));
    if (feeDone.has(r.id)) continue;
    feeDone.add(r.id);
    add(nativeId, new Decimal(attempt.fee).div(new Decimal(10).pow(decimals)).mul(sign));
  }
  return out;
}
