import {
  belowMinimumMessage,
  CONVERT_ERRORS,
  type ConvertTransaction,
  Decimal,
  type PriceLock,
  parseDecimal,
  tooManyDecimalsMessage,
  toPlain,
} from '@vaultline/shared';
import type { Db, RunStatement } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { traced } from '../../lib/trace';
import { type AuthUser, assertAccountUsable, type TokenUser } from '../../plugins/auth-caller';
import type { AccountService } from '../account/account.service';
import {
  INSUFFICIENT_FUNDS,
  isNegativeBalance,
  isSpendingOnHold,
  spendingOnHoldError,
} from '../ledger/ledger.service';
import type { PriceService } from '../prices/prices.service';
import { SETTING_DEFAULTS, SETTING_KEYS, type SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import {
  type ConversionRow,
  cancelLock,
  countOwnConversions,
  findOwnConversion,
  findOwnLock,
  type LockRow,
  listOwnConversions,
  type SettleResult,
  settleLock,
} from './convert.repository';
import { createLockInserter } from './lock-batches.repository';

export interface ConvertDeps {
  db: Db;
  run: RunStatement;
  account: Pick<AccountService, 'loadAuthState'>;
  catalog: AssetCatalog;
  prices: PriceService;
  system: SystemService;
  lockTtlSeconds: number;
}

const lockNotFound = () => notFound(CONVERT_ERRORS.LOCK_NOT_FOUND, 'LOCK_NOT_FOUND');
const lockError = (code: 'LOCK_EXPIRED' | 'LOCK_USED' | 'LOCK_CANCELLED') =>
  conflict(CONVERT_ERRORS[code], code);

/** Signed-in conversion: server-side price locks and their one-time settlement in the ledger. */
export function createConvertService(deps: ConvertDeps) {
  const { db, run, catalog, prices, system } = deps;
  const insertLock = createLockInserter(run, deps.lockTtlSeconds);
  const defaultMinimumUsd = SETTING_DEFAULTS[SETTING_KEYS.minimumTransactionAmount] ?? '0';
  const defaultFeeRate = SETTING_DEFAULTS[SETTING_KEYS.feeRate] ?? '0';

  async function asset(id: string): Promise<AssetRow> {
    const a = await catalog.byId(id);
    if (!a) throw notFound(CONVERT_ERRORS.ASSET_NOT_FOUND, 'ASSET_NOT_FOUND');
    return a;
  }

  // The settings as the lock shows them, worked out once per settings snapshot (hot path).
  const shown = new WeakMap<object, { minUsd: string; feeRate: string }>();
  async function settings() {
    const s = await system.publicSettings();
    let v = shown.get(s);
    if (!v) {
      v = {
        minUsd: toPlain(new Decimal(s.minimumTransactionAmount)),
        feeRate: toPlain(new Decimal(s.feeRate)),
      };
      shown.set(s, v);
    }
    return v;
  }

  const side = (a: AssetRow) => ({ id: a.id, ticker: a.ticker, type: a.type, decimals: a.decimals });

  /** A lock as the API shows it; every decimal is a plain string already. */
  async function lockView(
    v: { id: string; expiresAt: Date; rate: string; leftUsd: string; rightUsd: string },
    left: AssetRow,
    right: AssetRow,
    premium: boolean,
  ): Promise<PriceLock> {
    const s = await settings();
    return {
      id: v.id,
      expirationUtc: v.expiresAt.toISOString(),
      pair: { left: side(left), right: side(right), rate: v.rate },
      usdPrices: { left: v.leftUsd, right: v.rightUsd },
      feeRate: premium ? '0' : s.feeRate,
      minimumAmountUsd: s.minUsd,
      indicative: prices.indicative,
    };
  }

  async function toLock(row: LockRow, premium: boolean): Promise<PriceLock> {
    const [left, right] = await Promise.all([asset(row.leftAssetId), asset(row.rightAssetId)]);
    const plain = { rate: toPlain(row.rate), leftUsd: toPlain(row.leftUsd), rightUsd: toPlain(row.rightUsd) };
    return lockView({ id: row.id, expiresAt: row.expiresAt, ...plain }, left, right, premium);
  }

  /** Why the caller's account refused the statement (gone, disabled, or a revoked token). */
  async function accountError(user: TokenUser): Promise<Error> {
    try {
      assertAccountUsable(await deps.account.loadAuthState(user.id), user.tokenVersion);
    } catch (err) {
      return err as Error;
    }
    // The account became usable again in between: let the caller retry.
    return conflict(CONVERT_ERRORS.ACCOUNT_CHANGED, 'ACCOUNT_CHANGED');
  }

  async function settleError(user: TokenUser, r: SettleResult): Promise<Error> {
    switch (r.outcome) {
      case 'AUTH':
        return accountError(user);
      case 'LOCK_NOT_FOUND':
        return lockNotFound();
      case 'LOCK_USED':
      case 'LOCK_CANCELLED':
      case 'LOCK_EXPIRED':
        return lockError(r.outcome);
      case 'ASSET_NOT_FOUND':
        return notFound(CONVERT_ERRORS.ASSET_NOT_FOUND, 'ASSET_NOT_FOUND');
      case 'INVALID_AMOUNT':
        return badRequest(CONVERT_ERRORS.INVALID_AMOUNT, 'INVALID_AMOUNT');
      case 'TOO_MANY_DECIMALS':
        return badRequest(
          tooManyDecimalsMessage(r.ticker ?? '', r.decimals ?? 0),
          'TOO_MANY_DECIMALS',
          undefined,
          {
            ticker: r.ticker ?? '',
            decimals: r.decimals ?? 0,
          },
        );
      case 'BELOW_MINIMUM': {
        const min = new Decimal(r.minimum_usd ?? '0');
        const approx = min.div(new Decimal(r.left_usd ?? '1')).toFixed(8, Decimal.ROUND_UP);
        return badRequest(
          belowMinimumMessage(toPlain(min), approx, r.ticker ?? ''),
          'BELOW_MINIMUM',
          undefined,
          {
            minimumUsd: toPlain(min),
            approximateAmount: approx,
            ticker: r.ticker ?? '',
          },
        );
      }
      case 'INSUFFICIENT_FUNDS':
        return badRequest(CONVERT_ERRORS.INSUFFICIENT_FUNDS, INSUFFICIENT_FUNDS);
      case 'AMOUNT_TOO_SMALL':
        return badRequest(CONVERT_ERRORS.AMOUNT_TOO_SMALL, 'AMOUNT_TOO_SMALL');
      default:
        return new Error(`convert_settle: unexpected outcome ${r.outcome}`);
    }
  }

  async function toTransaction(row: ConversionRow): Promise<ConvertTransaction> {
    const [left, right] = await Promise.all([asset(row.leftAssetId), asset(row.rightAssetId)]);
    const side = (a: AssetRow) => ({ id: a.id, ticker: a.ticker, type: a.type });
    return {
      id: row.id,
      userId: row.userId,
      lockId: row.lockId,
      amount: toPlain(row.amount),
      destinationAmount: toPlain(row.destinationAmount),
      fee: toPlain(row.fee),
      feeTicker: right.ticker,
      exchangeRate: toPlain(row.rate),
      usdValue: toPlain(row.usdValue),
      creationDate: row.creationDate.toISOString(),
      status: row.status,
      transactionHash: null,
      adminNotes: null,
      pair: { left: side(left), right: side(right), rate: toPlain(row.rate) },
      sourceWallet: side(left),
      destinationWallet: side(right),
      sourceWalletTicker: left.ticker,
      destinationWalletTicker: right.ticker,
    };
  }

  /** The body of lock(). */
  async function lockPrice(user: TokenUser, leftAssetId: string, rightAssetId: string): Promise<PriceLock> {
    if (leftAssetId === rightAssetId) throw badRequest(CONVERT_ERRORS.SAME_ASSET, 'SAME_ASSET');
    const [left, right] = await Promise.all([asset(leftAssetId), asset(rightAssetId)]);
    const quote = prices.freshQuote(left.ticker, right.ticker);
    const row = await insertLock({
      userId: user.id,
      tokenVersion: user.tokenVersion,
      leftAssetId: left.id,
      rightAssetId: right.id,
      ...quote,
    });
    if (!row) throw await accountError(user);
    return lockView({ ...quote, id: row.id, expiresAt: row.expiresAt }, left, right, row.premium);
  }

  /** The body of convert(). */
  async function settle(user: TokenUser, lockId: string, amountText: string): Promise<string> {
    const amount = parseDecimal(amountText);
    if (!amount || amount.lte(0)) throw badRequest(CONVERT_ERRORS.INVALID_AMOUNT, 'INVALID_AMOUNT');
    let result: SettleResult;
    try {
      result = await settleLock(run, {
        lockId,
        userId: user.id,
        tokenVersion: user.tokenVersion,
        amount: toPlain(amount),
        defaultMinimumUsd,
        defaultFeeRate,
      });
    } catch (err) {
      // A concurrent debit of the same wallet got there first; the CHECK refused the balance.
      if (isNegativeBalance(err)) throw badRequest(CONVERT_ERRORS.INSUFFICIENT_FUNDS, INSUFFICIENT_FUNDS);
      // A card payment of this user was taken back and not recovered (decision 0038).
      if (isSpendingOnHold(err)) throw spendingOnHoldError();
      throw err;
    }
    if (result.outcome === 'OK' && result.conversion_id) return result.conversion_id;
    throw await settleError(user, result);
  }

  return {
    /**
     * A 60 s price lock; the caller's account is checked by the same statement that inserts it (with
     * the other locks asked for in this turn of the event loop: lock-batches.repository.ts).
     */
    lock(user: TokenUser, leftAssetId: string, rightAssetId: string): Promise<PriceLock> {
      return traced('convert.lock', () => lockPrice(user, leftAssetId, rightAssetId));
    },

    async getLock(user: AuthUser, id: string): Promise<PriceLock> {
      const row = await findOwnLock(db, id, user.id);
      if (!row) throw lockNotFound();
      return toLock(row, user.premium);
    },

    async cancel(user: AuthUser, id: string): Promise<void> {
      if (await cancelLock(db, id, user.id)) return;
      const row = await findOwnLock(db, id, user.id);
      if (!row) throw lockNotFound();
      if (row.usedAt) throw lockError('LOCK_USED');
      // Cancelling twice is harmless.
    },

    /**
     * Settles the lock once, in one statement and one round trip: the database checks the caller,
     * the lock and the amount, computes the fee, posts the ledger entry and records the conversion
     * (SQL function convert_settle). A refusal changes nothing and leaves the lock usable.
     */
    convert(user: TokenUser, lockId: string, amountText: string): Promise<string> {
      return traced('convert.convert', () => settle(user, lockId, amountText));
    },

    async transaction(user: AuthUser, id: string): Promise<ConvertTransaction> {
      const row = await findOwnConversion(db, id, user.id);
      if (!row) throw notFound(CONVERT_ERRORS.TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
      return toTransaction(row);
    },

    async transactions(
      user: AuthUser,
      page: number,
      pageSize: number,
    ): Promise<{ items: ConvertTransaction[]; total: number }> {
      const [rows, total] = await Promise.all([
        listOwnConversions(db, user.id, pageSize, (page - 1) * pageSize),
        countOwnConversions(db, user.id),
      ]);
      return { items: await Promise.all(rows.map(toTransaction)), total };
    },
  };
}
export type ConvertService = ReturnType<typeof createConvertService>;
