import { Decimal } from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import type { ChainService } from '../chain/chain.service';
import { moveWithdrawal, type WithdrawalRow } from './withdrawal-moves';

export type WithdrawalChain = Pick<ChainService, 'watched' | 'requestPayout' | 'refuseHotWallet'>;

/**
 * Sends a withdrawal on its way once nothing holds it for review (at request, or at an admin's
 * approval), in that transaction (decision 0054). Crypto on a network with automatic payouts gets
 * its payout in the same transaction (purpose 'withdrawal', approved when an admin approved the
 * withdrawal, so it does not wait twice); everything else waits queued for an admin: a manual
 * network's send by hand, a SEPA batch, a by-hand fiat transfer.
 */
export async function dispatchWithdrawal(
  tx: DbOrTx,
  chain: WithdrawalChain,
  w: WithdrawalRow,
  ticker: string,
  approvedBy?: string,
): Promise<WithdrawalRow> {
  const from = ['review', 'queued'] as const;
  if (w.kind === 'crypto' && w.toAddress && chain.watched(ticker)?.payouts) {
    // Its address may have become the hot wallet's since it was saved (a new hot key).
    chain.refuseHotWallet(w.toAddress);
    const payout = await chain.requestPayout(tx, {
      ticker,
      to: w.toAddress,
      amount: new Decimal(w.amount),
      usdValue: new Decimal(w.usdValue),
      purpose: 'withdrawal',
      reference: w.id,
      ...(approvedBy ? { approvedBy } : {}),
    });
    const moved = await moveWithdrawal(tx, w.id, from, { status: 'queued', payoutId: payout.id });
    if (!moved) throw new Error(`withdrawal ${w.id} moved while it was being dispatched`);
    return moved;
  }
  const moved = await moveWithdrawal(tx, w.id, from, { status: 'queued' });
  if (!moved) throw new Error(`withdrawal ${w.id} moved while it was being dispatched`);
  return moved;
}
