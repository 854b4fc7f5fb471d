import {
  type AdminDepositsPage,
  type AdminDepositsQuery,
  CHAIN_ERRORS,
  DEPOSIT_METHODS,
  Decimal,
  type Deposit,
  type DepositAddress,
  EXCHANGE_ERRORS,
  FUNDING_ERRORS,
  hasAtMostDecimals,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { pageOf, planPage } from '../../lib/keyset';
import type { AuditTrail } from '../audit/audit.service';
import type { ChainService } from '../chain/chain.service';
import { canonicalHash } from '../chain/tx-hash';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import { decisionAudit } from './deposit-audit';
import { pushDeposit } from './deposit-push';
import {
  countDeposits,
  type DepositRow,
  findDeposit,
  insertDeposit,
  listDeposits,
  listDepositsPlanned,
  transitionDeposit,
} from './funding.repository';

export interface FundingDeps {
  db: Db;
  catalog: AssetCatalog;
  ledger: LedgerService;
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
    refundedAt: d.refundedAt?.toISOString() ?? null,
  };
}

/** Funding a wallet: crypto deposits verified by an admin, fiat by card through the payment gateway. */
export function createFundingService(deps: FundingDeps) {
  const { db, catalog, ledger, feed } = deps;
  /** After the decision has committed: to the depositor's connections and the admins. */
  function pushDecision(row: {
    id: string;
    userId: string;
    status: number;
    adminNotes: string | null;
    transactionHash: string | null;
  }) {
    pushDeposit(feed, row);
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

  /** An admin decides deposits reported by hand only; a watched transfer's is the chain's (409). */
  async function manualOnly(tx: DbOrTx, id: string): Promise<void> {
    const d = await findDeposit(tx, id);
    if (!d) throw notFound(FUNDING_ERRORS.depositNotFound, 'DEPOSIT_NOT_FOUND');
    if (d.chainDepositId) throw conflict(FUNDING_ERRORS.chainManaged, 'DEPOSIT_CHAIN_MANAGED');
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
      // Checked for its network and stored in its one form: one transaction, one claim (decision 0040).
      const hash = canonicalHash(a.ticker, input.transactionHash);
      if (!hash)
        throw badRequest(EXCHANGE_ERRORS.invalidHash(a.ticker), 'INVALID_HASH', undefined, {
          ticker: a.ticker,
        });
      const id = await db.transaction(async (tx) => {
        const row = await insertDeposit(tx, {
          userId,
          assetId: a.id,
          method: 'crypto',
          amount: toPlain(amount),
          status: TransactionStatus.awaitingVerification,
          transactionHash: hash,
        });
        if (
          !(await deps.chain.claimHash(tx, {
            ticker: a.ticker,
            hash,
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
        transactionHash: hash,
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

    /**
     * Approves a crypto deposit awaiting verification and credits it, exactly once. Never one that
     * belongs to a transfer on a watched network: the chain credits it when it is final (a reorged
     * one waits for its transfer to be mined again, and would otherwise be credited twice).
     */
    async approve(adminId: string, id: string): Promise<void> {
      const done = await db.transaction(async (tx) => {
        await manualOnly(tx, id);
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
        await manualOnly(tx, id);
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
