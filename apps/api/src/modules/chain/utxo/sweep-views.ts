import { Decimal, type Sweep, type SweepDeposit, toPlain } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import type { chainSweeps, SweepInput } from '../../../db/schema';
import { toUnits } from './rpc';
import type { UtxoNode } from './utxo-node';

/** What the sweeps show: deposits held (asked of the node) and a stored sweep as the API gives it. */
export type SweepRow = typeof chainSweeps.$inferSelect;

/** Smallest units (satoshis, litoshis) as a decimal of the coin. */
export const units = (raw: bigint | string, decimals: number) =>
  toPlain(new Decimal(raw.toString()).div(new Decimal(10).pow(decimals)));

/**
 * Final deposits at deposit addresses whose outputs are unspent (mempool spends included). Dust is
 * left out: it was never booked in, so a sweep (which books out all it spends) must not spend it.
 * So are the deposits of a `broadcast` or `dropped` sweep: they are its own until it is mined or
 * abandoned (a paste-back over them would be refused anyway).
 */
export async function held(
  db: DbOrTx,
  network: string,
  node: UtxoNode,
  decimals: number,
): Promise<SweepInput[]> {
  const rows = (
    (await db.execute(
      sql`select d.tx_hash, d.event_key, d.address, a.index from chain_deposits d
          join chain_addresses a on a.network = d.network and a.address = d.address
          where d.network = ${network} and d.status = 'final' and d.hold_reason is distinct from 'dust'
            and not exists (select 1 from chain_sweeps s, jsonb_array_elements(s.inputs) i
              where s.network = d.network and s.status in ('broadcast', 'dropped')
                and i->>'txid' = d.tx_hash and i->>'vout' = d.event_key)
          order by a.index, d.tx_hash, d.event_key`,
    )) as unknown as { rows: { tx_hash: string; event_key: string; address: string; index: number }[] }
  ).rows;
  const out: SweepInput[] = [];
  for (const r of rows) {
    const vout = Number(r.event_key);
    const txout = (await node.call('gettxout', [r.tx_hash, vout, true])) as { value: string } | null;
    if (!txout) continue;
    out.push({
      txid: r.tx_hash,
      vout,
      address: r.address,
      index: Number(r.index),
      amount: toUnits(txout.value, decimals).toString(),
    });
  }
  return out;
}

export function toSweep(
  s: SweepRow,
  ticker: string,
  decimals: number,
  explorerUrl: (network: string | null, hash: string | null) => string | null,
): Sweep {
  const deposit = (i: SweepInput): SweepDeposit => ({ ...i, amount: units(i.amount, decimals) });
  return {
    id: s.id,
    network: s.network,
    ticker,
    destination: s.destination,
    inputs: s.inputs.map(deposit),
    amount: units(s.amount, decimals),
    fee: units(s.fee, decimals),
    status: s.status,
    psbt: s.psbt,
    txHash: s.txHash,
    txUrl: explorerUrl(s.network, s.txHash),
    createdAt: s.createdAt.toISOString(),
    broadcastAt: s.broadcastAt?.toISOString() ?? null,
    dropReason: s.dropReason,
  };
}
