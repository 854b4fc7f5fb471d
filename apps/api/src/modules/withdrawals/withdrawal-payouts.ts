import { WITHDRAWAL_FINAL, type WithdrawalStatus } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { withdrawals } from '../../db/schema';
import type { ChainService } from '../chain/chain.service';
import type { NetworkId } from '../chain/chain-networks';
import type { AfterCommit, PayoutOwner } from '../chain/chain-owners';
import type { PayoutRow } from '../chain/payouts.repository';
import type { LedgerService } from '../ledger/ledger.service';
import {
  complete,
  endUnpaid,
  moveWithdrawal,
  type WithdrawalEvents,
  type WithdrawalRow,
} from './withdrawal-moves';

export interface WithdrawalPayoutsDeps {
  db: Db;
  ledger: Pick<LedgerService, 'post'>;
  chain: Pick<ChainService, 'settingsOf'>;
  /** Tells the owner (live push, e-mail) after a change committed. */
  events: WithdrawalEvents;
  log: { error(o: object, msg: string): void };
}

/** Where a withdrawal stands while its payout is on the way (not yet paid or ended). */
const ON_THE_WAY: readonly WithdrawalStatus[] = ['queued', 'sending', 'sent'];

/**
 * The payout engine's owner of purpose 'withdrawal' (decision 0054): a crypto withdrawal on a
 * watched network follows its payout. Waiting (queued, approval, funds, blocked) → queued; signed →
 * sending; sent or mined → sent, with its hash and confirmations; confirmed → completed, its money
 * taken out in the transaction that records the payout confirmed; failed on chain or cancelled by an
 * admin → failed, its money back in that transaction. Its payout is never retried once it ended.
 */
export function createWithdrawalPayouts(deps: WithdrawalPayoutsDeps): PayoutOwner {
  const { db } = deps;
  const required = (p: PayoutRow) => deps.chain.settingsOf(p.network as NetworkId)?.confirmations ?? 1;

  const tell = (row: WithdrawalRow | undefined) => async () => {
    if (row) await deps.events.changed(row);
  };
  async function told(row: WithdrawalRow | undefined) {
    await tell(row)().catch((err) => deps.log.error({ err, withdrawal: row?.id }, 'withdrawal event failed'));
  }

  /** Moves the withdrawal its payout pays, only while that payout is the one it waits for. */
  function follow(p: PayoutRow, from: readonly WithdrawalStatus[], set: Partial<WithdrawalRow>) {
    return db.transaction(async (tx) => {
      const w = await paying(tx, p);
      if (!w || !from.includes(w.status)) return undefined;
      return moveWithdrawal(tx, w.id, from, set);
    });
  }

  /** The withdrawal this payout pays, locked; undefined when it is not the one it waits for. */
  async function paying(tx: DbOrTx, p: PayoutRow): Promise<WithdrawalRow | undefined> {
    const [w] = await tx.select().from(withdrawals).where(eq(withdrawals.id, p.reference)).for('update');
    return w && w.payoutId === p.id ? w : undefined;
  }

  /** A payout of an ended withdrawal was paid after all: the money left twice. Loud, for an operator. */
  function alertPaid(p: PayoutRow, w: WithdrawalRow | undefined): AfterCommit[] {
    deps.log.error(
      { payout: p.id, withdrawal: p.reference, status: w?.status },
      `ALERT withdrawal payout ${p.id} was paid (${p.txHash}) but its withdrawal is not waiting for it`,
    );
    return [];
  }

  return {
    async changed(p) {
      switch (p.status) {
        case 'signed':
          return told(await follow(p, ['queued'], { status: 'sending' }));
        case 'sent':
          return told(
            await follow(p, ON_THE_WAY, {
              status: 'sent',
              txHash: p.txHash,
              confirmations: 0,
              requiredConfirmations: required(p),
            }),
          );
        case 'mined':
          return told(
            await follow(p, ON_THE_WAY, {
              status: 'sent',
              txHash: p.txHash,
              requiredConfirmations: required(p),
            }),
          );
        default:
          // Waiting (queued, approval, funds, blocked): the withdrawal is queued already.
          return told(await follow(p, ['sending'], { status: 'queued' }));
      }
    },

    async progress(p, confirmations, need) {
      const row = await follow(p, ['sent'], { confirmations, requiredConfirmations: need, txHash: p.txHash });
      await told(row);
    },

    async mined(tx: DbOrTx, p) {
      const w = await paying(tx, p);
      if (!w) return alertPaid(p, undefined);
      const row = await complete(tx, deps.ledger, w.id, ON_THE_WAY, {
        txHash: p.txHash,
        confirmations: required(p),
      });
      if (!row) return alertPaid(p, w);
      return [tell(row)];
    },

    async failed(tx, p) {
      if (!(await paying(tx, p))) return [];
      const row = await endUnpaid(tx, deps.ledger, p.reference, ON_THE_WAY, 'failed', {
        note: `payout failed on chain (${p.reason ?? 'failed'})`,
      });
      return [tell(row)];
    },

    async cancelled(tx, p) {
      if (!(await paying(tx, p))) return [];
      const row = await endUnpaid(tx, deps.ledger, p.reference, ON_THE_WAY, 'failed', {
        note: 'payout cancelled by an admin',
      });
      return [tell(row)];
    },

    async retryable(p) {
      const [w] = await db.select().from(withdrawals).where(eq(withdrawals.id, p.reference));
      return !!w && !WITHDRAWAL_FINAL.includes(w.status);
    },
  };
}
