import {
  type AdminDepositsPage,
  type AdminDepositsQuery,
  CARD_RECONCILED_NOTES,
  type CardDepositRequest,
  CHAIN_ERRORS,
  DEPOSIT_METHODS,
  Decimal,
  type Deposit,
  type DepositAddress,
  FUNDING_ERRORS,
  hasAtMostDecimals,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf, planPage } from '../../lib/keyset';
import type { AuditTrail } from '../admin/audit.service';
import type { ChainService } from '../chain/chain.service';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import { decisionAudit } from './deposit-audit';
import {
  countDeposits,
  type DepositRow,
  findDeposit,
  insertDeposit,
  listDeposits,
  listDepositsPlanned,
  stuckCardDeposits,
  transitionDeposit,
} from './funding.repository';
import type { PaymentGateway } from './payment-gateway';

export interface FundingDeps {
  db: Db;
  catalog: AssetCatalog;
  ledger: LedgerService;
  payments: PaymentGateway;
  /** USD prices for the card deposit limit. */
  prices: Pick<PriceService, 'freshUsd'>;
  cardDepositMaxUsd: number;
  /** The live feed: an admin's decision reaches the owner's open pages (and the admins). */
  feed: Pick<FeedService, 'publish'>;
  /** Each admin decision writes its audit row in the decision's transaction. */
  audit: AuditTrail;
  /** Watched networks: the user's own address, hash claims elsewhere, demo test deposits. */
  chain: Pick<ChainService, 'watched' | 'userAddress' | 'claimHash' | 'testDeposit'>;
  demo: boolean;
}

type ListRow = Awaited<ReturnType<typeof listDeposits>>[number];

function toDeposit(r: ListRow): Deposit {
  const d = r.deposit;
  return {
    id: d.id,
    userId: d.userId,
    amount: toPlain(d.amount),
    date: d.creationDate.toISOString(),
    status: d.status,
    method: DEPOSIT_METHODS.includes(d.method) ? d.method : 'crypto',
    transactionHash: d.transactionHash,
    cardLast4: d.cardLast4,
    cardBrand: d.cardBrand,
    adminNotes: d.adminNotes,
    wallet: r.wallet,
    confirmations: r.chain?.confirmations ?? null,
    requiredConfirmations: r.chain?.required ?? null,
  };
}

/** Funding a wallet: crypto deposits verified by an admin, fiat by card through the payment gateway. */
export function createFundingService(deps: FundingDeps) {
  const { db, catalog, ledger, payments, feed } = deps;
  /** After the decision has committed: to the depositor's connections and the admins. */
  function pushDecision(row: {
    id: string;
    userId: string;
    status: number;
    adminNotes: string | null;
    transactionHash: string | null;
  }) {
    feed.publish(
      {
        id: row.id,
        status: row.status,
        adminNotes: row.adminNotes,
        transactionHash: row.transactionHash,
        updatedAt: new Date().toISOString(),
      },
      { userId: row.userId },
    );
  }

  async function asset(id: string): Promise<AssetRow> {
    const a = await catalog.byId(id);
    if (!a) throw notFound('Asset not found.', 'ASSET_NOT_FOUND');
    return a;
  }

  function checkAmount(a: AssetRow, amount: string): Decimal {
    const d = new Decimal(amount);
    if (!hasAtMostDecimals(d, a.decimals))
      throw badRequest(tooManyDecimalsMessage(a.ticker, a.decimals), 'TOO_MANY_DECIMALS', undefined, {
        ticker: a.ticker,
        decimals: a.decimals,
      });
    return d;
  }

  /** Credits the deposit from the house account; the (deposit, id) entry posts at most once. */
  async function credit(tx: Parameters<LedgerService['post']>[0], d: DepositRow, kind: string) {
    const amount = new Decimal(d.amount);
    return ledger.post(tx, {
      kind,
      reference: d.id,
      memo: `${d.method} deposit`,
      legs: [
        { owner: { kind: 'house' }, assetId: d.assetId, amount: amount.neg() },
        { owner: { kind: 'user', userId: d.userId }, assetId: d.assetId, amount },
      ],
    });
  }

  return {
    /**
     * Where the user sends a crypto deposit: on a watched network their own address, credited by
     * itself at the confirmations shown (DECISIONS §10); elsewhere the house's, with a hash to give.
     */
    async depositAddress(assetId: string, userId: string): Promise<DepositAddress> {
      const a = await asset(assetId);
      if (a.type !== WalletType.Crypto) throw badRequest(FUNDING_ERRORS.notCrypto, 'NOT_CRYPTO');
      const own = await deps.chain.userAddress(userId, a.ticker);
      if (own)
        return {
          assetId: a.id,
          ticker: a.ticker,
          address: own.address,
          network: own.watched.network,
          requiredConfirmations: own.watched.confirmations,
          testDeposit: deps.demo,
        };
      if (!a.adminWalletAddress)
        throw badRequest(FUNDING_ERRORS.addressNotConfigured(a.ticker), 'ADDRESS_NOT_CONFIGURED', undefined, {
          ticker: a.ticker,
        });
      return {
        assetId: a.id,
        ticker: a.ticker,
        address: a.adminWalletAddress,
        network: null,
        requiredConfirmations: null,
        testDeposit: false,
      };
    },

    /**
     * Records "I sent it": status 3 (awaiting verification) until an admin approves or rejects. The
     * hash is claimed with the row: one exchange or deposit per hash and network (DECISIONS §10).
     */
    async notifyCrypto(userId: string, input: { assetId: string; amount: string; transactionHash: string }) {
      const a = await asset(input.assetId);
      if (deps.chain.watched(a.ticker)) throw conflict(CHAIN_ERRORS.watchedNoHash, 'NETWORK_WATCHED');
      await this.depositAddress(input.assetId, userId);
      const amount = checkAmount(a, input.amount);
      const id = await db.transaction(async (tx) => {
        const row = await insertDeposit(tx, {
          userId,
          assetId: a.id,
          method: 'crypto',
          amount: toPlain(amount),
          status: TransactionStatus.awaitingVerification,
          transactionHash: input.transactionHash,
        });
        if (
          !(await deps.chain.claimHash(tx, {
            ticker: a.ticker,
            hash: input.transactionHash,
            depositId: row.id,
          }))
        )
          throw conflict(CHAIN_ERRORS.hashClaimed, 'HASH_CLAIMED');
        return row.id;
      });
      // The admins' Deposits page shows it at once (and the user's other tabs).
      pushDecision({
        id,
        userId,
        status: TransactionStatus.awaitingVerification,
        adminNotes: null,
        transactionHash: input.transactionHash,
      });
      return id;
    },

    /** Demo mode only: the local chain sends a deposit to the user's own address. */
    async testDeposit(
      userId: string,
      assetId: string,
      amountText: string,
    ): Promise<{ transactionHash: string }> {
      if (!deps.demo) throw forbidden(CHAIN_ERRORS.testDepositDemoOnly, 'DEMO_ONLY');
      const a = await asset(assetId);
      const own = await deps.chain.userAddress(userId, a.ticker);
      if (!own) throw badRequest(CHAIN_ERRORS.notWatched, 'NOT_WATCHED');
      const amount = checkAmount(a, amountText);
      return { transactionHash: await deps.chain.testDeposit(a.ticker, own.address, amount) };
    },

    /** Charges the card, then credits the wallet; a decline is recorded (status 0) and reported. */
    async cardDeposit(userId: string, input: CardDepositRequest) {
      const a = await asset(input.assetId);
      if (a.type !== WalletType.Fiat) throw badRequest(FUNDING_ERRORS.notFiat, 'NOT_FIAT');
      const amount = checkAmount(a, input.amount);
      // The limit is in USD; in the deposit's currency it is rounded down to its decimals.
      const max = new Decimal(deps.cardDepositMaxUsd)
        .div(deps.prices.freshUsd(a.ticker))
        .toDecimalPlaces(a.decimals, Decimal.ROUND_DOWN);
      if (amount.gt(max))
        throw badRequest(FUNDING_ERRORS.cardLimit(toPlain(max), a.ticker), 'CARD_LIMIT', undefined, {
          max: toPlain(max),
          ticker: a.ticker,
        });
      const { cardNumber, expiry, cvc, holderName } = input;
      const pending = await insertDeposit(db, {
        userId,
        assetId: a.id,
        method: 'card',
        amount: toPlain(amount),
        status: TransactionStatus.pending,
        cardLast4: cardNumber.slice(-4),
      });
      const result = await payments.charge({
        card: { cardNumber, expiry, cvc, holderName },
        amount,
        currency: a.ticker,
        description: `Vaultline deposit ${pending.id}`,
        // The deposit's id: a crash after the charge is found and settled by reconcileCards.
        idempotencyKey: pending.id,
      });
      if (!result.ok) {
        await transitionDeposit(db, pending.id, TransactionStatus.pending, {
          status: TransactionStatus.failed,
          cardBrand: result.brand,
          adminNotes: result.message,
          decidedAt: new Date(),
        });
        throw new AppError(402, result.code, result.message);
      }
      await db.transaction(async (tx) => {
        const done = await transitionDeposit(tx, pending.id, TransactionStatus.pending, {
          status: TransactionStatus.success,
          cardBrand: result.brand,
          gatewayReference: result.reference,
          decidedAt: new Date(),
        });
        if (!done) throw conflict(FUNDING_ERRORS.alreadyProcessed, 'ALREADY_PROCESSED');
        const entryId = await credit(tx, done, 'card_deposit');
        await transitionDeposit(tx, done.id, TransactionStatus.success, { journalEntryId: entryId ?? null });
      });
      return pending.id;
    },

    /**
     * Card deposits still charging (status 2) since before `olderThan`: the server stopped between
     * the charge and the credit, or before the charge. Each is asked of the gateway by its id: a
     * charge that happened is credited (once: the status move and the entry share a transaction);
     * one that did not is cancelled at the gateway first, so it can no longer happen, then failed.
     * Returns how many were settled. Safe to run on several instances at once.
     */
    async reconcileCards(olderThan: Date): Promise<number> {
      let settled = 0;
      for (const d of await stuckCardDeposits(db, olderThan)) {
        const charge = (await payments.lookup(d.id)) ?? (await payments.cancel(d.id));
        const row = charge?.ok
          ? await db.transaction(async (tx) => {
              const done = await transitionDeposit(tx, d.id, TransactionStatus.pending, {
                status: TransactionStatus.success,
                cardBrand: charge.brand,
                gatewayReference: charge.reference,
                adminNotes: CARD_RECONCILED_NOTES.credited,
                decidedAt: new Date(),
              });
              if (!done) return undefined;
              const entryId = await credit(tx, done, 'card_deposit');
              await transitionDeposit(tx, done.id, TransactionStatus.success, {
                journalEntryId: entryId ?? null,
              });
              return done;
            })
          : await transitionDeposit(db, d.id, TransactionStatus.pending, {
              status: TransactionStatus.failed,
              adminNotes: charge ? charge.message : CARD_RECONCILED_NOTES.notCharged,
              decidedAt: new Date(),
            });
        if (row) {
          settled++;
          pushDecision(row);
        }
      }
      return settled;
    },

    async userDeposits(userId: string): Promise<Deposit[]> {
      return (await listDeposits(db, { userId })).map(toDeposit);
    },

    /** A page of every user's deposits, newest first, with the total (the back office's list). */
    async adminDeposits(q: AdminDepositsQuery): Promise<AdminDepositsPage> {
      const filter = q.status === undefined ? {} : { status: q.status };
      const total = await countDeposits(db, filter);
      const plan = planPage(q, total);
      const page = pageOf(plan, await listDepositsPlanned(db, filter, plan));
      return {
        ...page,
        items: page.items.map((r) => ({ ...toDeposit(r), user: r.user })),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** Approves a crypto deposit awaiting verification and credits it, exactly once. */
    async approve(adminId: string, id: string): Promise<void> {
      const done = await db.transaction(async (tx) => {
        const row = await transitionDeposit(tx, id, TransactionStatus.awaitingVerification, {
          status: TransactionStatus.success,
          decidedBy: adminId,
          decidedAt: new Date(),
        });
        if (!row) {
          if (!(await findDeposit(tx, id)))
            throw notFound(FUNDING_ERRORS.depositNotFound, 'DEPOSIT_NOT_FOUND');
          throw conflict(FUNDING_ERRORS.alreadyProcessed, 'ALREADY_PROCESSED');
        }
        const entryId = await credit(tx, row, 'deposit');
        if (!entryId) throw conflict(FUNDING_ERRORS.alreadyProcessed, 'ALREADY_PROCESSED');
        await transitionDeposit(tx, id, TransactionStatus.success, { journalEntryId: entryId });
        await deps.audit.record(tx, decisionAudit(adminId, 'deposit.approve', row, entryId));
        return row;
      });
      pushDecision(done);
    },

    async reject(adminId: string, id: string, notes: string): Promise<void> {
      const row = await db.transaction(async (tx) => {
        const r = await transitionDeposit(tx, id, TransactionStatus.awaitingVerification, {
          status: TransactionStatus.failed,
          adminNotes: notes,
          decidedBy: adminId,
          decidedAt: new Date(),
        });
        if (r) await deps.audit.record(tx, decisionAudit(adminId, 'deposit.reject', r, null));
        return r;
      });
      if (row) {
        pushDecision(row);
        return;
      }
      if (!(await findDeposit(db, id))) throw notFound(FUNDING_ERRORS.depositNotFound, 'DEPOSIT_NOT_FOUND');
      throw conflict(FUNDING_ERRORS.alreadyProcessed, 'ALREADY_PROCESSED');
    },
  };
}
export type FundingService = ReturnType<typeof createFundingService>;
