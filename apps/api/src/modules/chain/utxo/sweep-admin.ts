import { SWEEP_ERRORS } from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import { badRequest, conflict } from '../../../lib/errors';
import type { AuditTrail } from '../../audit/audit.service';
import type { ChainAdapter } from '../chain.types';
import { UtxoRpcError } from './rpc';
import { lockSweeps, markBroadcast, type SweepBooks, sweepsSpending } from './sweep-book';
import { ALREADY_IN_CHAIN, nodeHas } from './sweep-follow';
import type { SweepRow } from './sweep-views';
import type { UtxoNode } from './utxo-node';

/**
 * An admin's end of a dropped sweep (Networks page, decision 0055): broadcast its stored bytes again
 * (taken, it is broadcast and booked again; refused, nothing changes), or abandon it: `abandoned`,
 * nothing booked, its deposits free to be swept by a new sweep. Both audited.
 */
export async function endDroppedSweep(
  o: { db: Db; node: UtxoNode; books: SweepBooks; audit: AuditTrail; actorId: string },
  adapter: ChainAdapter,
  s: SweepRow,
  action: 'rebroadcast' | 'abandon',
): Promise<SweepRow> {
  const { db, node } = o;
  const network = adapter.network;
  if (s.status !== 'dropped' || !s.txHash) throw conflict(SWEEP_ERRORS.notDropped, 'SWEEP_NOT_DROPPED');
  const txid = s.txHash;
  return db.transaction(async (tx) => {
    await lockSweeps(tx, network);
    let row: SweepRow | undefined;
    if (action === 'abandon') {
      [row] = await tx
        .update(chainSweeps)
        .set({ status: 'abandoned' })
        .where(and(eq(chainSweeps.id, s.id), eq(chainSweeps.status, 'dropped')))
        .returning();
    } else {
      // Never beside another sweep broadcast over the same deposits (only one could be mined).
      const mine = new Set(s.inputs.map((i) => `${i.txid}:${i.vout}`));
      if ((await sweepsSpending(tx, network, ['broadcast'], mine)).length > 0)
        throw conflict(SWEEP_ERRORS.inputsSwept, 'SWEEP_INPUTS_SWEPT');
      if (!s.txHex)
        throw badRequest(
          SWEEP_ERRORS.refused('the signed transaction was not kept'),
          'BROADCAST_REFUSED',
          undefined,
          { detail: 'no bytes' },
        );
      try {
        await node.call('sendrawtransaction', [s.txHex]);
      } catch (err) {
        if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
        const words = err.details ?? err.message;
        if (!(err.code === ALREADY_IN_CHAIN || (await nodeHas(node, txid))))
          throw badRequest(SWEEP_ERRORS.refused(words), 'BROADCAST_REFUSED', undefined, { detail: words });
      }
      row = await markBroadcast(tx, o.books, s, 'dropped', txid, null);
    }
    if (!row) throw conflict(SWEEP_ERRORS.notDropped, 'SWEEP_NOT_DROPPED');
    await o.audit.record(tx, {
      actorId: o.actorId,
      action: action === 'abandon' ? 'chain.sweepAbandoned' : 'chain.sweepRebroadcast',
      targetType: 'network',
      targetId: network,
      before: { sweep: s.id, status: 'dropped', reason: s.dropReason },
      after: { sweep: s.id, status: row.status, txHash: txid },
    });
    return row;
  });
}
