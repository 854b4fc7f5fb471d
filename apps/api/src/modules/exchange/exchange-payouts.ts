import {
  CHAIN_ERRORS,
  Decimal,
  EXCHANGE_RECEIVED_ERRORS,
  TransactionStatus,
  toPlain,
} from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { ChainDepositRow } from '../chain/chain.repository';
import type { AfterCommit, PayoutOwner } from '../chain/chain-owners';
import type { PayoutRow } from '../chain/payouts.repository';
import { type ExchangeRow, lockExchange, updateExchange } from './exchange.repository';
import { setPayoutState } from './exchange-chain.repository';
import type { ExchangeChainDeps } from './exchange-deps';
import { chainRefundEntry, chainSettlementEntry } from './exchange-settlement';
import { refundMail } from './received-mail';

type Resolve = (
  tx: DbOrTx,
  r: ExchangeRow,
  received: Decimal,
  o: { kind: 'refund'; approvedBy: string },
) => Promise<AfterCommit[]>;

/**
 * What happens to a watched exchange when the chain module's payouts for it move: its payout paid
 * (confirmed) settles it, its refund paid closes it (with the guest's e-mail), a failed one holds it
 * for an admin, a cancelled one goes back to an admin's decision, and a payout redirected becomes
 * its refund; and the admin's refund of a transfer held for them.
 */
export function createExchangePayouts(
  deps: ExchangeChainDeps,
  ticker: (assetId: string) => Promise<string>,
  resolve: Resolve,
) {
  const { chain } = deps;

  const payoutOwner = (purpose: 'exchange_payout' | 'exchange_refund'): PayoutOwner => ({
    async changed(p) {
      const r = await setPayoutState(deps.db, p.reference, p.status, p.txHash);
      if (r) deps.pushProgress(r);
    },
    async mined(tx, p) {
      const r = await lockExchange(tx, p.reference);
      if (!r || r.status === TransactionStatus.success) return [];
      if (purpose === 'exchange_payout') {
        const entryId = await deps.ledger.post(tx, chainSettlementEntry(r));
        const next = await updateExchange(tx, r.id, {
          status: TransactionStatus.success,
          payoutHash: p.txHash,
          payoutStatus: p.status,
          holdReason: null,
          journalEntryId: entryId ?? r.journalEntryId,
        });
        return [() => deps.statusChanged(next)];
      }
      await deps.ledger.post(
        tx,
        chainRefundEntry('guest_exchange_refund', r.id, r.sourceAssetId, new Decimal(p.amount)),
      );
      const next = await updateExchange(tx, r.id, {
        status: TransactionStatus.failed,
        payoutHash: p.txHash,
        payoutStatus: p.status,
        refundedAt: new Date(),
        refundAddress: p.toAddress,
        adminNotes: EXCHANGE_RECEIVED_ERRORS.refundedNote,
        holdReason: null,
      });
      const src = await ticker(r.sourceAssetId);
      return [
        () => deps.statusChanged(next),
        () =>
          deps.mail.send({
            to: next.email,
            ...refundMail(
              next.language,
              { received: toPlain(p.amount), from: src, address: p.toAddress, hash: p.txHash },
              deps.link(next.id),
            ),
          }),
      ];
    },
    async failed(tx, p) {
      const next = await updateExchange(tx, p.reference, {
        payoutStatus: 'failed',
        holdReason: 'payoutFailed',
      });
      return [() => deps.pushProgress(next)];
    },
    async cancelled(tx, p) {
      const r = await lockExchange(tx, p.reference);
      if (!r || r.status !== TransactionStatus.pending) return [];
      // Decided again by an admin (requote or refund, on Pending transactions): nothing was paid.
      const next = await updateExchange(tx, r.id, {
        chainResolution: null,
        holdReason: 'payoutCancelled',
        payoutStatus: 'cancelled',
      });
      return [() => deps.pushProgress(next)];
    },
    ...(purpose === 'exchange_payout'
      ? {
          /** The payout cannot go: the guest's deposit goes back to their refund address instead. */
          async redirect(tx: DbOrTx, p: PayoutRow, actorId: string) {
            const r = await lockExchange(tx, p.reference);
            if (!r || r.status !== TransactionStatus.pending || r.amountReceived === null)
              throw conflict(CHAIN_ERRORS.payoutNotCancellable, 'PAYOUT_NOT_CANCELLABLE');
            if (!r.refundAddress) {
              const src = await ticker(r.sourceAssetId);
              throw badRequest(
                EXCHANGE_RECEIVED_ERRORS.noRefundAddress(src),
                'NO_REFUND_ADDRESS',
                undefined,
                {
                  ticker: src,
                },
              );
            }
            chain.refuseHotWallet(r.refundAddress);
            return resolve(tx, r, new Decimal(r.amountReceived), { kind: 'refund', approvedBy: actorId });
          },
        }
      : {}),
  });

  const depositRefundOwner: PayoutOwner = {
    changed: async () => undefined,
    // The transfer stays held: an admin refunds it again, to another address (Networks).
    cancelled: async () => [],
    async mined(tx, p: PayoutRow) {
      await deps.ledger.post(
        tx,
        chainRefundEntry('chain_deposit_refund', p.reference, p.assetId, new Decimal(p.amount)),
      );
      return [];
    },
    failed: async () => [],
  };

  /**
   * An admin sends back a transfer held for them (after settlement, another asset): as a payout the
   * admin approved, or, on a network without a hot wallet, recorded with the hash of the transfer
   * they made by hand. Returns the transfer's ticker, for the audit row.
   */
  async function refundHeld(
    tx: DbOrTx,
    actorId: string,
    d: ChainDepositRow,
    address: string,
    payoutHash: string | undefined,
  ): Promise<void> {
    const t = await ticker(d.assetId);
    const amount = new Decimal(d.amount);
    if (chain.watched(t)?.payouts) {
      let usd = new Decimal(0);
      try {
        usd = deps.prices.freshUsd(t).mul(amount);
      } catch {
        // An admin approved it: the value only feeds the daily total.
      }
      await chain.requestPayout(tx, {
        ticker: t,
        to: address,
        amount,
        usdValue: usd,
        purpose: 'deposit_refund',
        reference: d.id,
        approvedBy: actorId,
      });
      return;
    }
    if (!payoutHash) throw badRequest(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
    await deps.ledger.post(tx, chainRefundEntry('chain_deposit_refund', d.id, d.assetId, amount));
    await chain.setDeposit(tx, d.id, { holdReason: null });
  }

  return {
    refundHeld,
    payoutOwners: {
      exchange_payout: payoutOwner('exchange_payout'),
      exchange_refund: payoutOwner('exchange_refund'),
      deposit_refund: depositRefundOwner,
    },
  };
}
