import { randomUUID } from 'node:crypto';
import { Decimal, toPlain } from '@vaultline/shared';
import type { Db } from '../../../db/client';
import { conflict } from '../../../lib/errors';
import type { LedgerService } from '../../ledger/ledger.service';
import { adminPartnerStats, insertWithdrawal, lockEarnings, partnerEarnings } from './earnings.repository';

export const NO_EARNINGS_MESSAGE = 'You have no earnings of this asset to move to your wallet.';

/**
 * A partner's earnings (DECISIONS §11, decision 0032): credited by each successful exchange's own
 * journal entry (exchange-settlement.ts) to the partner's 'partner' ledger account of the
 * destination asset; here they are read, moved to the partner's wallet, and summed for the admin.
 */
export function createPartnerEarnings({ db, ledger }: { db: Db; ledger: Pick<LedgerService, 'post'> }) {
  return {
    async list(partnerId: string) {
      const found = await partnerEarnings(db, partnerId);
      return found.map((r) => ({
        assetId: r.asset_id,
        ticker: r.ticker,
        available: toPlain(r.available),
        total: toPlain(r.total),
      }));
    },

    /**
     * Moves everything available in this asset to the partner's own wallet (its user account,
     * created by the posting when missing), in one journal entry. Two withdrawals at once queue on
     * the earnings account's row lock; the second finds nothing and gets 409 NO_EARNINGS.
     */
    async withdraw(partnerId: string, assetId: string) {
      return db.transaction(async (tx) => {
        const account = await lockEarnings(tx, partnerId, assetId);
        const amount = new Decimal(account?.balance ?? 0);
        if (amount.lte(0)) throw conflict(NO_EARNINGS_MESSAGE, 'NO_EARNINGS');
        const id = randomUUID();
        const entryId = await ledger.post(tx, {
          kind: 'partner_withdrawal',
          reference: id,
          memo: 'partner earnings to wallet',
          legs: [
            { owner: { kind: 'partner', userId: partnerId }, assetId, amount: amount.neg() },
            { owner: { kind: 'user', userId: partnerId }, assetId, amount },
          ],
        });
        // A fresh reference cannot have been posted before.
        if (!entryId) throw new Error('partner withdrawal was not posted');
        await insertWithdrawal(tx, {
          id,
          partnerId,
          assetId,
          amount: toPlain(amount),
          journalEntryId: entryId,
        });
        return { id, assetId, amount: toPlain(amount) };
      });
    },

    async adminList() {
      const found = await adminPartnerStats(db);
      return found.map((r) => ({
        userId: r.user_id,
        email: r.email,
        maxCommission: toPlain(r.max_commission),
        commission: toPlain(r.commission),
        createdAt: new Date(r.created_at).toISOString(),
        exchanges: Number(r.exchanges),
        successfulExchanges: Number(r.successful),
        volumeUsd: toPlain(r.volume_usd),
        earningsUsd: toPlain(r.earnings_usd),
      }));
    },
  };
}
export type PartnerEarnings = ReturnType<typeof createPartnerEarnings>;
