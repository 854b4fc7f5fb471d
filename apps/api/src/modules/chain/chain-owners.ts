import type { DbOrTx } from '../../db/client';
import type { ChainDepositRow, ChainProgress } from './chain.repository';
import type { PayoutRow } from './payouts.repository';

/** Work to do once a transaction has committed (pushes to the live feed, e-mails). */
export type AfterCommit = () => unknown;

/**
 * The module that owns a kind of deposit address (guest exchanges, users' wallets) and settles what
 * arrives there. The chain module calls it; it never reaches into the chain module's tables.
 */
export interface DepositOwner {
  /** Transfers new or seen again, in the scan's transaction. */
  seen(tx: DbOrTx, deposits: ChainDepositRow[]): Promise<AfterCommit[]>;
  /** Transfers whose block was reorganised away (never credited unless mined again), in the rewind's transaction. */
  orphaned(tx: DbOrTx, deposits: ChainDepositRow[]): Promise<AfterCommit[]>;
  /**
   * Transfers of this owner's, orphaned by a reorganisation and mined again to another owner's
   * address (the rows as they were): no longer theirs, in the scan's transaction, before the new
   * owner is told they are seen; or mined again to the same address for an amount below the dust
   * threshold (`dust`: held by the chain module, never handed to the owner again).
   */
  left?(tx: DbOrTx, deposits: ChainDepositRow[], why: 'moved' | 'dust'): Promise<AfterCommit[]>;
  /** Their confirmations changed (after the count committed): show it live. */
  progress(deposits: ChainProgress[]): Promise<void>;
  /**
   * Transfers reached their confirmations: credit or settle them in this transaction, which marks
   * them final (a block's worth at a time: owners work set-based where they can).
   */
  final(tx: DbOrTx, deposits: ChainDepositRow[]): Promise<AfterCommit[]>;
}

/** The module a payout settles something for: told when it is paid, failed, or ended by an admin. */
export interface PayoutOwner {
  /**
   * Paid: mined, successful and confirmed (the network's confirmations on top, so a reorganisation
   * can no longer undo it), in the transaction that records it.
   */
  mined(tx: DbOrTx, payout: PayoutRow): Promise<AfterCommit[]>;
  /** Failed on chain, unpaid (an admin may Retry), in the transaction that records it. */
  failed(tx: DbOrTx, payout: PayoutRow): Promise<AfterCommit[]>;
  /** An admin cancelled it, nothing paid: what it settled waits for an admin again, in that transaction. */
  cancelled(tx: DbOrTx, payout: PayoutRow): Promise<AfterCommit[]>;
  /**
   * An admin redirects it to the refund address: the refund is asked for in the transaction that
   * cancels it (an AppError when it cannot be: nothing changes). Only owners that have one.
   */
  redirect?(tx: DbOrTx, payout: PayoutRow, actorId: string): Promise<AfterCommit[]>;
  /** Any other move (waiting, blocked, signed, sent, mined), after it committed. */
  changed(payout: PayoutRow): Promise<void>;
  /**
   * Mined, not yet confirmed: its confirmations changed (`required` settle it). Told on the pass
   * that sees the new count, like a deposit's progress; owners that show it live have it.
   */
  progress?(payout: PayoutRow, confirmations: number, required: number): Promise<void>;
  /**
   * Whether a failed payout may be paid again by an admin's Retry: false when what it paid for has
   * ended (a withdrawal failed with its money back). Owners without it always allow a Retry.
   */
  retryable?(payout: PayoutRow): Promise<boolean>;
}

export async function runAfterCommit(tasks: AfterCommit[], onError: (err: unknown) => void): Promise<void> {
  for (const t of tasks) {
    try {
      await t();
    } catch (err) {
      onError(err);
    }
  }
}

/** What decides who a transfer is handed to. */
export type DispatchedRow = Pick<ChainDepositRow, 'exchangeId' | 'userId' | 'holdReason'>;

/**
 * Hands transfers to their owners' modules. Dust (below its asset's threshold) never reaches them:
 * it is recorded, counted and made final by the chain module, held with that reason, and never
 * credited, settled, refunded or paid out by itself (the operator sweeps it with the deposit wallet).
 */
export async function dispatchToOwners<R extends DispatchedRow>(
  owners: { exchange: DepositOwner; user: DepositOwner },
  all: R[],
  call: (owner: DepositOwner, rows: R[]) => Promise<AfterCommit[] | undefined>,
): Promise<AfterCommit[]> {
  const out: AfterCommit[] = [];
  const rows = all.filter((r) => r.holdReason !== 'dust');
  const exchange = rows.filter((r) => r.exchangeId !== null);
  const user = rows.filter((r) => r.userId !== null);
  if (exchange.length > 0) out.push(...((await call(owners.exchange, exchange)) ?? []));
  if (user.length > 0) out.push(...((await call(owners.user, user)) ?? []));
  return out;
}
