import { Decimal } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import type { ChainAdapter } from '../chain.types';
import { utxoNodeOf } from './utxo-node';

/**
 * Sweeps booked out (at broadcast) whose coins the chain still shows at the deposit addresses at the
 * last block read: in flight, +. The node's UTXO set is at that block when the reconciliation asks
 * (utxo-adapter.ts `holdings` checked it), so an input still in it (mempool spends left out) means the
 * sweep is not mined yet. Once mined, nothing; if a reorganisation takes it out again, + again. One
 * whose deposits another transaction spent (utxo/sweep-follow.ts drops it at the network's
 * confirmations, reversing its booking): + all it booked out, so the books stay clean meanwhile.
 */
export async function sweepsInFlight(db: DbOrTx, adapter: ChainAdapter): Promise<Decimal> {
  const node = utxoNodeOf(adapter);
  const asset = adapter.assets[0];
  if (!node || !asset) return new Decimal(0);
  const sweeps = await db
    .select({ inputs: chainSweeps.inputs, txHash: chainSweeps.txHash, spentTxid: chainSweeps.spentTxid })
    .from(chainSweeps)
    .where(and(eq(chainSweeps.network, adapter.network), eq(chainSweeps.status, 'broadcast')));
  let raw = 0n;
  // Its deposits spent by another transaction: this one is to be dropped and its booking reversed.
  for (const s of sweeps)
    for (const i of s.inputs)
      if (s.spentTxid && s.spentTxid !== s.txHash) raw += BigInt(i.amount);
      else if ((await node.call('gettxout', [i.txid, i.vout, false])) !== null) raw += BigInt(i.amount);
  return new Decimal(raw.toString()).div(new Decimal(10).pow(asset.decimals));
}
