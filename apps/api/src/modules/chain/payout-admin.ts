import { type AdminPayout, CHAIN_ERRORS, PAYOUT_CANCELLABLE } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { ChainAdapter } from './chain.types';
import { type PayoutOwner, runAfterCommit } from './chain-owners';
import { checkPaid, paidBy } from './payout-check';
import {
  findPayout,
  insertPayout,
  movePayout,
  otherLivePayouts,
  type PayoutRow,
  type PayoutStatus,
} from './payouts.repository';

export interface PayoutActionsDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  adapters: () => ChainAdapter[];
  owners: Record<PayoutRow['purpose'], PayoutOwner>;
  /** A payout an admin moved (its owner shows it live). */
  changed: (p: PayoutRow) => Promise<void>;
  toAdminPayout: (p: PayoutRow) => Promise<AdminPayout>;
  log: { error(o: object, msg: string): void };
}

const UNSIGNED: PayoutStatus[] = ['approval', 'queued', 'funds', 'blocked'];

/**
 * An admin's actions on one payout (Networks): Send (over the limits, or blocked: try again), Retry
 * (failed), Cancel and Redirect (to the exchange's refund address). Each is audited, moves the payout
 * only from the state it was read in, and refuses with a stable code otherwise. A payout that failed
 * on chain is checked first against the hot wallet's transactions since it was signed: paid already,
 * or no certain answer, and nothing is sent again (decision 0042).
 */
export function createPayoutActions(deps: PayoutActionsDeps) {
  const { db } = deps;

  async function found(id: string): Promise<PayoutRow> {
    const p = await findPayout(db, id);
    if (!p) throw notFound(CHAIN_ERRORS.payoutNotFound, 'PAYOUT_NOT_FOUND');
    return p;
  }

  /**
   * A failed payout is sent again, or ended, only once the chain says no transaction of the hot
   * wallet paid it since it was signed. One that did is recorded as paid by it (followed to its
   * confirmations, then settled) and the action refused.
   */
  async function ensureUnpaid(actorId: string, p: PayoutRow, audit: AuditTrail): Promise<void> {
    // A retry or a refund already under way for the same thing: this one is history.
    if ((await otherLivePayouts(db, p.reference, p.id)).length > 0)
      throw conflict(CHAIN_ERRORS.payoutSuperseded, 'PAYOUT_SUPERSEDED');
    const adapter = deps.adapters().find((a) => a.network === p.network);
    const asset = await deps.catalog.byId(p.assetId);
    const check = adapter && asset ? await checkPaid(db, adapter, p, asset) : undefined;
    if (check?.answer === 'unpaid') return;
    if (check?.answer === 'paid') {
      const by = check.by;
      const row = await db.transaction(async (tx) => {
        const moved = await movePayout(tx, p.id, ['failed'], paidBy(p, by));
        if (moved)
          await audit.record(tx, {
            actorId,
            action: 'payout.paidFound',
            targetType: 'payout',
            targetId: p.id,
            before: { status: p.status, reason: p.reason, txHash: p.txHash },
            after: { status: moved.status, txHash: by.hash },
          });
        return moved;
      });
      if (row) await deps.changed(row);
      throw conflict(CHAIN_ERRORS.payoutAlreadyPaid(by.hash), 'PAYOUT_ALREADY_PAID', { txHash: by.hash });
    }
    if (check?.why === 'pending') throw conflict(CHAIN_ERRORS.payoutCheckPending, 'PAYOUT_CHECK_PENDING');
    const detail = check?.detail ?? 'the network is not watched';
    throw conflict(`${CHAIN_ERRORS.payoutCheckUnavailable} (${detail})`, 'PAYOUT_CHECK_UNAVAILABLE', {
      detail,
    });
  }

  /** Cancel, or redirect to the refund address: the payout ends, and its owner decides what follows. */
  async function end(
    actorId: string,
    id: string,
    audit: AuditTrail,
    redirect: boolean,
  ): Promise<AdminPayout> {
    const before = await found(id);
    if (!(PAYOUT_CANCELLABLE as readonly string[]).includes(before.status))
      throw conflict(CHAIN_ERRORS.payoutNotCancellable, 'PAYOUT_NOT_CANCELLABLE');
    const owner = deps.owners[before.purpose];
    if (redirect && !owner.redirect)
      throw conflict(CHAIN_ERRORS.payoutNotRedirectable, 'PAYOUT_NOT_REDIRECTABLE');
    if (before.status === 'failed') await ensureUnpaid(actorId, before, audit);
    const { row, after } = await db.transaction(async (tx) => {
      // Never signed (the job's signing transaction moves it only from where it waits, so one of the
      // two loses), or failed and checked unpaid just now: either way nothing of it can be mined.
      const from = before.status === 'failed' ? (['failed'] as PayoutStatus[]) : UNSIGNED;
      const moved = await movePayout(tx, id, from, {
        status: 'cancelled',
        reason: redirect ? 'redirected' : 'cancelled',
      });
      if (!moved) throw conflict(CHAIN_ERRORS.payoutNotCancellable, 'PAYOUT_NOT_CANCELLABLE');
      const tasks =
        redirect && owner.redirect
          ? await owner.redirect(tx, moved, actorId)
          : await owner.cancelled(tx, moved);
      await audit.record(tx, {
        actorId,
        action: redirect ? 'payout.redirect' : 'payout.cancel',
        targetType: 'payout',
        targetId: id,
        before: { status: before.status, reason: before.reason },
        after: { status: moved.status, reason: moved.reason },
      });
      return { row: moved, after: tasks };
    });
    await runAfterCommit(after, (err) => deps.log.error({ err, payout: id }, 'a payout follow-up failed'));
    return deps.toAdminPayout(row);
  }

  return {
    /**
     * An admin's Send: a payout over the limits goes out, and one the network refused is tried again
     * (the job signs it on its next pass; still refused, it is blocked again).
     */
    async send(actorId: string, id: string, audit: AuditTrail): Promise<AdminPayout> {
      const row = await db.transaction(async (tx) => {
        const before = await findPayout(tx, id, true);
        if (!before) throw notFound(CHAIN_ERRORS.payoutNotFound, 'PAYOUT_NOT_FOUND');
        const moved = await movePayout(tx, id, ['approval', 'blocked'], {
          status: 'queued',
          approvedBy: actorId,
          reason: null,
          lastError: null,
        });
        if (!moved) throw conflict(CHAIN_ERRORS.payoutNotWaiting, 'PAYOUT_NOT_WAITING');
        await audit.record(tx, {
          actorId,
          action: 'payout.send',
          targetType: 'payout',
          targetId: id,
          before: { status: before.status },
          after: { status: moved.status },
        });
        return moved;
      });
      await deps.changed(row);
      return deps.toAdminPayout(row);
    },

    /** An admin's Retry of a failed payout: a new payout of the same transfer, signed anew. */
    async retry(actorId: string, id: string, audit: AuditTrail): Promise<AdminPayout> {
      const before = await found(id);
      if (before.status !== 'failed') throw conflict(CHAIN_ERRORS.payoutNotFailed, 'PAYOUT_NOT_FAILED');
      // What it paid for has ended (a failed withdrawal gave its money back): nothing to pay again.
      const owner = deps.owners[before.purpose];
      if (owner.retryable && !(await owner.retryable(before)))
        throw conflict(CHAIN_ERRORS.payoutNotRetryable, 'PAYOUT_NOT_RETRYABLE');
      await ensureUnpaid(actorId, before, audit);
      const row = await db.transaction(async (tx) => {
        const failed = await findPayout(tx, id, true);
        if (failed?.status !== 'failed') throw conflict(CHAIN_ERRORS.payoutNotFailed, 'PAYOUT_NOT_FAILED');
        const next = await insertPayout(tx, {
          network: failed.network,
          assetId: failed.assetId,
          toAddress: failed.toAddress,
          amount: failed.amount,
          usdValue: failed.usdValue,
          purpose: failed.purpose,
          reference: failed.reference,
          status: 'queued',
          approvedBy: actorId,
        }).catch(() => {
          throw conflict(CHAIN_ERRORS.payoutSuperseded, 'PAYOUT_SUPERSEDED');
        });
        await audit.record(tx, {
          actorId,
          action: 'payout.retry',
          targetType: 'payout',
          targetId: id,
          before: { status: failed.status },
          after: { retriedAs: next.id, status: next.status },
        });
        return next;
      });
      await deps.changed(row);
      return deps.toAdminPayout(row);
    },

    cancel: (actorId: string, id: string, audit: AuditTrail) => end(actorId, id, audit, false),
    redirect: (actorId: string, id: string, audit: AuditTrail) => end(actorId, id, audit, true),
  };
}
