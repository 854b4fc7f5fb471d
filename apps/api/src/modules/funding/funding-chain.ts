import { Decimal, TransactionStatus } from '@vaultline/shared';
import type { Db } from '../../db/client';
import type { ChainProgress } from '../chain/chain.repository';
import type { AfterCommit, DepositOwner } from '../chain/chain-owners';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import { pushDeposit } from './deposit-push';
import {
  type DepositRow,
  depositsOfChainDeposits,
  setChainDepositStatus,
  upsertChainDeposit,
} from './funding.repository';

/** The note on a user's deposit whose block was reorganised away (it waits to be mined again). */
export const REORGED_NOTE =
  'Its block was replaced on the chain; waiting for the transfer to be mined again.';

/** The note on a user's deposit whose transfer was mined again, after a reorganisation, to another address. */
export const MOVED_NOTE =
  'Its block was replaced on the chain and the transfer was mined again to another address: it is not yours.';

/** The note on a user's deposit whose transfer was mined again, after a reorganisation, as dust. */
export const DUST_NOTE =
  'Its block was replaced on the chain and the transfer was mined again for an amount below the dust threshold: it is held, not credited.';

/**
 * Signed-in users' deposits on watched networks (DECISIONS §10): a transfer to the user's own
 * address shows at once in their history as pending with its confirmations, and at the required
 * count credits the wallet once (the ledger entry is keyed by the transfer), with no admin step.
 */
export function createFundingChainOwner(deps: {
  db: Db;
  ledger: Pick<LedgerService, 'post' | 'postMany'>;
  feed: Pick<FeedService, 'publish'>;
}): DepositOwner {
  const push = (row: DepositRow, d: Pick<ChainProgress, 'confirmations' | 'requiredConfirmations'>) =>
    pushDeposit(deps.feed, row, {
      depositConfirmations: d.confirmations,
      requiredConfirmations: d.requiredConfirmations,
    });

  return {
    async seen(tx, list) {
      const after: AfterCommit[] = [];
      for (const d of list) {
        const row = await upsertChainDeposit(tx, {
          userId: d.userId as string,
          assetId: d.assetId,
          amount: d.amount,
          transactionHash: d.txHash,
          chainDepositId: d.id,
        });
        after.push(() => push(row, d));
      }
      return after;
    },
    async orphaned(tx, list) {
      const after: AfterCommit[] = [];
      for (const d of list) {
        const row = await setChainDepositStatus(tx, d.id, {
          status: TransactionStatus.awaitingVerification,
          adminNotes: REORGED_NOTE,
        });
        if (row)
          after.push(() => push(row, { confirmations: 0, requiredConfirmations: d.requiredConfirmations }));
      }
      return after;
    },
    async left(tx, list, why) {
      const after: AfterCommit[] = [];
      for (const d of list) {
        const row = await setChainDepositStatus(tx, d.id, {
          status: TransactionStatus.failed,
          adminNotes: why === 'dust' ? DUST_NOTE : MOVED_NOTE,
          decidedAt: new Date(),
        });
        if (row)
          after.push(() => push(row, { confirmations: 0, requiredConfirmations: d.requiredConfirmations }));
      }
      return after;
    },
    async progress(list) {
      const rows = await depositsOfChainDeposits(
        deps.db,
        list.map((d) => d.id),
      );
      for (const row of rows) {
        const d = list.find((x) => x.id === row.chainDepositId);
        if (d) push(row, d);
      }
    },
    async final(tx, ds) {
      await deps.ledger.postMany(
        tx,
        ds.map((d) => {
          const amount = new Decimal(d.amount);
          return {
            kind: 'chain_deposit',
            reference: d.id,
            memo: 'crypto deposit seen on chain',
            legs: [
              { owner: { kind: 'external' as const }, assetId: d.assetId, amount: amount.neg() },
              { owner: { kind: 'user' as const, userId: d.userId as string }, assetId: d.assetId, amount },
            ],
          };
        }),
      );
      const after: AfterCommit[] = [];
      for (const d of ds) {
        const row = await setChainDepositStatus(tx, d.id, {
          status: TransactionStatus.success,
          adminNotes: null,
          decidedAt: new Date(),
        });
        if (row) after.push(() => push(row, d));
      }
      return after;
    },
  };
}
