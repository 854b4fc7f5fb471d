import { type AdminPayout, CHAIN_ERRORS } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chainPayoutBatches } from '../../../db/schema';
import { conflict, notFound } from '../../../lib/errors';
import type { AuditTrail } from '../../audit/audit.service';
import { type ChainAdapter, PayoutRefusal } from '../chain.types';
import { findPayout, movePayout, type PayoutRow } from '../payouts.repository';
import {
  attemptOf,
  attemptsOf,
  findBatch,
  inputsOf,
  lastAttempt,
  payoutsOfBatch,
} from './batches.repository';

export interface PayoutBumpDeps {
  db: Db;
  adapters: () => ChainAdapter[];
  changed: (p: PayoutRow) => Promise<void>;
  toAdminPayout: (p: PayoutRow) => Promise<AdminPayout>;
  log: { warn(o: object, msg: string): void };
}

/**
 * An admin's fee bump of a BTC/LTC payout sent and not mined (BIP 125, decision 0055): its batch is
 * signed again from the stored bytes, the same inputs and payouts, a higher fee taken from the
 * change; the replacement is stored as the batch's newest attempt (audited) before it is broadcast.
 * Both spend the same outputs, so at most one is mined; the payout job asks the chain which one and
 * books that one's fee, once.
 */
export function createPayoutBump(deps: PayoutBumpDeps) {
  const { db } = deps;
  const notBumpable = () => conflict(CHAIN_ERRORS.payoutNotBumpable, 'PAYOUT_NOT_BUMPABLE');

  return async function bump(
    actorId: string,
    id: string,
    feeRate: number,
    audit: AuditTrail,
  ): Promise<AdminPayout> {
    const p = await findPayout(db, id);
    if (!p) throw notFound(CHAIN_ERRORS.payoutNotFound, 'PAYOUT_NOT_FOUND');
    const wallet = deps.adapters().find((a) => a.network === p.network)?.utxoWallet;
    // Sent and not mined, or refused by the node at its first broadcast (a fee it will not relay).
    if (!wallet || !p.batchId || (p.status !== 'sent' && p.status !== 'signed')) throw notBumpable();
    // An admin's typo (250000 for 25) would hand the miners the change: the network's ceiling holds.
    if (!(feeRate <= wallet.feeRateMax))
      throw conflict(CHAIN_ERRORS.payoutBumpTooHigh(String(wallet.feeRateMax)), 'PAYOUT_BUMP_TOO_HIGH', {
        max: String(wallet.feeRateMax),
      });
    const batchId = p.batchId;
    const { replacement, rows } = await db.transaction(async (tx) => {
      const b = await findBatch(tx, batchId, true);
      if (!b || !(b.status === 'sent' || (b.status === 'signed' && b.lastError))) throw notBumpable();
      const before = lastAttempt(b);
      let next: ReturnType<typeof wallet.bump>;
      try {
        next = wallet.bump(before.hex, inputsOf(b), feeRate);
      } catch (err) {
        if (!(err instanceof PayoutRefusal)) throw err;
        throw conflict(CHAIN_ERRORS.payoutBumpRefused(err.detail), 'PAYOUT_BUMP_REFUSED', {
          detail: err.detail,
        });
      }
      await tx
        .update(chainPayoutBatches)
        .set({ attempts: JSON.stringify([...attemptsOf(b), attemptOf(next)]) })
        .where(eq(chainPayoutBatches.id, b.id));
      const moved: PayoutRow[] = [];
      for (const q of await payoutsOfBatch(tx, b.id)) {
        const row = await movePayout(tx, q.id, ['sent', 'signed'], { txHash: next.txid });
        if (row) moved.push(row);
      }
      await audit.record(tx, {
        actorId,
        action: 'payout.bump',
        targetType: 'payout',
        targetId: id,
        before: { txHash: before.txid, feeRate: before.feeRate, fee: before.fee },
        after: { txHash: next.txid, feeRate: next.feeRate, fee: next.fee.toString(), batch: b.id },
      });
      return { replacement: next, rows: moved };
    });
    // Stored first; a node that refuses the replacement (one without -mempoolreplacement on LTC)
    // keeps the original, which may still be mined: the payout job follows both either way.
    await wallet
      .broadcast(replacement.hex)
      .catch((err: unknown) =>
        deps.log.warn(
          { network: p.network, payout: id, err },
          `${p.network}: the node refused the fee bump ${replacement.txid}; the original may still be mined`,
        ),
      );
    for (const r of rows) await deps.changed(r);
    const mine = rows.find((r) => r.id === id) ?? (await findPayout(db, id));
    return deps.toAdminPayout(mine as PayoutRow);
  };
}
