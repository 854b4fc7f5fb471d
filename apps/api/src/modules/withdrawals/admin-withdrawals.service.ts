import {
  ADMIN_RECENT_ROWS,
  type AdminKeysetPage,
  type AdminRecentActivity,
  type AdminWithdrawal,
  type AdminWithdrawalDetail,
  Decimal,
  WITHDRAWAL_ERRORS,
  type WithdrawalReviewReason,
  type WithdrawalStatus,
  withdrawalCancellable,
} from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf, planPage } from '../../lib/keyset';
import type { AuditTrail } from '../audit/audit.service';
import type { ChainService } from '../chain/chain.service';
import { listOwnConversions } from '../convert/convert.repository';
import { listDeposits } from '../funding/funding.repository';
import type { LedgerService } from '../ledger/ledger.service';
import { assertCanSpend } from '../ledger/spending-holds';
import type { AssetCatalog } from '../wallets/asset-catalog';
import {
  type AdminWithdrawalFilter,
  countAdminWithdrawals,
  findAdminWithdrawal,
  type ListedWithdrawal,
  listAdminWithdrawals,
  lockWithdrawal,
  recentWithdrawalsOf,
} from './admin-withdrawals.repository';
import { dispatchWithdrawal, type WithdrawalChain } from './withdrawal-dispatch';
import { endUnpaid, moveWithdrawal, type WithdrawalEvents, type WithdrawalRow } from './withdrawal-moves';

export interface WithdrawalAdminDeps {
  db: Db;
  ledger: Pick<LedgerService, 'post'>;
  chain: WithdrawalChain & Pick<ChainService, 'explorerUrl'>;
  catalog: Pick<AssetCatalog, 'byId'>;
  audit: AuditTrail;
  events: WithdrawalEvents;
  log: FastifyBaseLogger;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toAdminWithdrawal(
  w: ListedWithdrawal,
  explorerUrl: WithdrawalAdminDeps['chain']['explorerUrl'],
) {
  return {
    id: w.id,
    assetId: w.assetId,
    ticker: w.ticker,
    kind: w.kind,
    status: w.status,
    amount: w.amount,
    fee: w.fee,
    total: new Decimal(w.amount).plus(w.fee).toFixed(),
    network: w.network,
    address: w.toAddress,
    addressLabel: w.addressLabel,
    memo: w.memo,
    iban: w.iban,
    txHash: w.txHash,
    explorerUrl: w.txHash ? explorerUrl(w.network ?? w.ticker, w.txHash) : null,
    confirmations: w.confirmations,
    requiredConfirmations: w.requiredConfirmations,
    reviewReasons: w.reviewReasons as WithdrawalReviewReason[],
    reference: w.reference,
    cancellable: withdrawalCancellable({
      status: w.status,
      kind: w.kind,
      ticker: w.ticker,
      paidByPayout: w.payoutId !== null,
    }),
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    completedAt: iso(w.completedAt),
    userId: w.userId,
    userEmail: w.userEmail,
    usdValue: w.usdValue,
    holderName: w.holderName,
    sepaBatchId: w.sepaBatchId,
    note: w.note,
    decidedBy: w.decidedByEmail,
    decidedAt: iso(w.decidedAt),
  } satisfies AdminWithdrawal;
}

/** What the audit keeps of a withdrawal before and after an admin's decision. */
const audited = (w: WithdrawalRow) => ({
  status: w.status,
  amount: w.amount,
  fee: w.fee,
  note: w.note,
  sepaBatchId: w.sepaBatchId,
});

/**
 * The back office's review of withdrawals (issue 31 point 7, decision 0054): the list and one
 * withdrawal with the user's recent activity; approve, reject, and failed (money back). Each
 * decision locks the row, moves it through withdrawal-moves in one transaction with its audit row,
 * and tells the owner after commit.
 */
export function createWithdrawalAdmin(deps: WithdrawalAdminDeps) {
  const { db, ledger, chain, catalog, audit, events, log } = deps;
  const toAdmin = (w: ListedWithdrawal) => toAdminWithdrawal(w, chain.explorerUrl);

  async function told(row: WithdrawalRow): Promise<void> {
    // The change is committed: a push or an e-mail that fails does not undo it.
    await events
      .changed(row)
      .catch((err) => log.warn({ err, withdrawal: row.id }, 'withdrawal event not sent'));
  }

  /** Locks the row, checks it is in one of `from`, and answers 404 or 409 otherwise. */
  async function locked(tx: DbOrTx, id: string, allowed: (w: WithdrawalRow) => boolean) {
    const before = await lockWithdrawal(tx, id);
    if (!before) throw notFound(WITHDRAWAL_ERRORS.notFound, 'WITHDRAWAL_NOT_FOUND');
    if (!allowed(before))
      throw conflict(WITHDRAWAL_ERRORS.wrongStatus(before.status), 'WITHDRAWAL_WRONG_STATUS', {
        status: before.status,
      });
    return before;
  }

  async function recentOf(userId: string): Promise<AdminWithdrawalDetail['recent']> {
    const tickerOf = async (assetId: string) => (await catalog.byId(assetId))?.ticker ?? '';
    const [deps_, convs, wds] = await Promise.all([
      listDeposits(db, { userId }, ADMIN_RECENT_ROWS),
      listOwnConversions(db, userId, ADMIN_RECENT_ROWS),
      recentWithdrawalsOf(db, userId, ADMIN_RECENT_ROWS),
    ]);
    const row = async (
      r: { id: string; assetId: string; amount: string; status: string | number; at: Date },
      to?: { assetId: string; amount: string },
    ): Promise<AdminRecentActivity> => ({
      id: r.id,
      ticker: await tickerOf(r.assetId),
      amount: r.amount,
      toTicker: to ? await tickerOf(to.assetId) : null,
      toAmount: to?.amount ?? null,
      status: String(r.status),
      createdAt: r.at.toISOString(),
    });
    return {
      deposits: await Promise.all(
        deps_.map(({ deposit: d }) =>
          row({ id: d.id, assetId: d.assetId, amount: d.amount, status: d.status, at: d.creationDate }),
        ),
      ),
      conversions: await Promise.all(
        convs.map((c) =>
          row(
            { id: c.id, assetId: c.leftAssetId, amount: c.amount, status: c.status, at: c.creationDate },
            { assetId: c.rightAssetId, amount: c.destinationAmount },
          ),
        ),
      ),
      withdrawals: await Promise.all(
        wds.map((w) =>
          row({ id: w.id, assetId: w.assetId, amount: w.amount, status: w.status, at: w.createdAt }),
        ),
      ),
    };
  }

  async function view(id: string): Promise<AdminWithdrawal> {
    const w = await findAdminWithdrawal(db, id);
    if (!w) throw notFound(WITHDRAWAL_ERRORS.notFound, 'WITHDRAWAL_NOT_FOUND');
    return toAdmin(w);
  }

  /** Ends one unpaid with its money back, audited; `allowed` says from which rows. */
  async function endByAdmin(
    actorId: string,
    id: string,
    note: string,
    to: 'rejected' | 'failed',
    allowed: (w: WithdrawalRow) => boolean,
  ): Promise<AdminWithdrawal> {
    const row = await db.transaction(async (tx) => {
      const before = await locked(tx, id, allowed);
      const after = await endUnpaid(tx, ledger, id, [before.status], to, {
        note,
        decidedBy: actorId,
        decidedAt: new Date(),
      });
      if (!after) throw new Error(`withdrawal ${id} moved while it was locked`);
      await audit.record(tx, {
        actorId,
        action: to === 'rejected' ? 'withdrawal.reject' : 'withdrawal.failed',
        targetType: 'withdrawal',
        targetId: id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
    await told(row);
    return view(id);
  }

  return {
    async list(
      q: AdminWithdrawalFilter & { page: number; pageSize: number; after?: string; before?: string },
    ): Promise<AdminKeysetPage<AdminWithdrawal> & { totalCapped: boolean }> {
      const filter = { status: q.status, kind: q.kind, userId: q.userId };
      const { total, capped } = await countAdminWithdrawals(db, filter);
      // Past the cap the list's far end is unknown: pages are read from the newest end only.
      const plan = planPage(q, capped ? Number.MAX_SAFE_INTEGER : total);
      const page = pageOf(plan, await listAdminWithdrawals(db, filter, plan));
      return {
        ...page,
        items: page.items.map(toAdmin),
        total,
        totalCapped: capped,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async detail(id: string): Promise<AdminWithdrawalDetail> {
      const w = await view(id);
      return { ...w, recent: await recentOf(w.userId) };
    },

    /** review → on its way (a payout created approved, or queued for an admin or a SEPA batch). */
    async approve(actorId: string, id: string, note?: string): Promise<AdminWithdrawal> {
      const row = await db.transaction(async (tx) => {
        const before = await locked(tx, id, (w) => w.status === 'review');
        // Four eyes: money leaving an admin's own account is decided by another admin.
        if (before.userId === actorId) throw forbidden(WITHDRAWAL_ERRORS.own, 'WITHDRAWAL_OWN');
        // A card payment taken back since the request: nothing leaves until the back office clears it.
        await assertCanSpend(tx, before.userId);
        // Its owner changed their password or factors since (WITHDRAWAL_LOCK_HOURS): nothing leaves yet.
        const [owner] = await tx
          .select({ until: users.withdrawalsLockedUntil })
          .from(users)
          .where(eq(users.id, before.userId));
        if (owner?.until && owner.until.getTime() > Date.now()) {
          const until = owner.until.toISOString();
          throw conflict(WITHDRAWAL_ERRORS.locked(until), 'WITHDRAWALS_LOCKED', { until });
        }
        const ticker = (await catalog.byId(before.assetId))?.ticker;
        if (!ticker) throw new Error(`withdrawal ${id}: asset ${before.assetId} not in the catalogue`);
        const decided = await moveWithdrawal(tx, id, ['review'], {
          note: note || null,
          decidedBy: actorId,
          decidedAt: new Date(),
        });
        if (!decided) throw new Error(`withdrawal ${id} moved while it was locked`);
        const after = await dispatchWithdrawal(tx, chain, decided, ticker, actorId);
        await audit.record(tx, {
          actorId,
          action: 'withdrawal.approve',
          targetType: 'withdrawal',
          targetId: id,
          before: audited(before),
          after: { ...audited(after), payoutId: after.payoutId },
        });
        return after;
      });
      await told(row);
      return view(id);
    },

    /** review → rejected, money back. */
    reject: (actorId: string, id: string, note: string) =>
      endByAdmin(actorId, id, note, 'rejected', (w) => w.status === 'review'),

    /**
     * → failed, money back: a bank withdrawal queued or in a SEPA batch (the bank returned it), or
     * one an admin pays by hand (a manual network's, queued without a payout). A chain payout's
     * withdrawal fails with its payout (the payout engine), not here.
     */
    failed: (actorId: string, id: string, note: string) =>
      endByAdmin(actorId, id, note, 'failed', (w) =>
        w.kind === 'bank' ? FAILABLE_BANK.includes(w.status) : w.status === 'queued' && w.payoutId === null,
      ),
  };
}
export type WithdrawalAdmin = ReturnType<typeof createWithdrawalAdmin>;

const FAILABLE_BANK: readonly WithdrawalStatus[] = ['queued', 'sending'];
