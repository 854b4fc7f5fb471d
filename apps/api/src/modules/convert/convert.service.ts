import {
  belowMinimumMessage,
  CONVERT_ERRORS,
  type ConvertTransaction,
  Decimal,
  hasAtMostDecimals,
  type PriceLock,
  parseDecimal,
  roundDown,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
} from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';
import type { LedgerService } from '../ledger/ledger.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import {
  type ConversionRow,
  cancelLock,
  claimLock,
  findOwnConversion,
  findOwnLock,
  insertConversion,
  insertLock,
  isExpired,
  type LockRow,
  listOwnConversions,
} from './convert.repository';

export interface ConvertDeps {
  db: Db;
  catalog: AssetCatalog;
  prices: PriceService;
  ledger: LedgerService;
  system: SystemService;
  lockTtlSeconds: number;
}

const lockNotFound = () => notFound(CONVERT_ERRORS.LOCK_NOT_FOUND, 'LOCK_NOT_FOUND');
const lockError = (code: 'LOCK_EXPIRED' | 'LOCK_USED' | 'LOCK_CANCELLED') =>
  conflict(CONVERT_ERRORS[code], code);

/** Signed-in conversion: server-side price locks and their one-time settlement in the ledger. */
export function createConvertService(deps: ConvertDeps) {
  const { db, catalog, prices, ledger, system } = deps;

  async function asset(id: string): Promise<AssetRow> {
    const a = await catalog.byId(id);
    if (!a) throw notFound(CONVERT_ERRORS.ASSET_NOT_FOUND, 'ASSET_NOT_FOUND');
    return a;
  }

  async function settings() {
    const s = await system.publicSettings();
    return { minUsd: new Decimal(s.minimumTransactionAmount), feeRate: new Decimal(s.feeRate) };
  }

  async function toLock(row: LockRow, user: AuthUser): Promise<PriceLock> {
    const [left, right, s] = await Promise.all([asset(row.leftAssetId), asset(row.rightAssetId), settings()]);
    const side = (a: AssetRow) => ({ id: a.id, ticker: a.ticker, type: a.type, decimals: a.decimals });
    return {
      id: row.id,
      expirationUtc: row.expiresAt.toISOString(),
      pair: { left: side(left), right: side(right), rate: toPlain(row.rate) },
      usdPrices: { left: toPlain(row.leftUsd), right: toPlain(row.rightUsd) },
      feeRate: user.premium ? '0' : toPlain(s.feeRate),
      minimumAmountUsd: toPlain(s.minUsd),
      indicative: prices.indicative,
    };
  }

  /** Why a lock cannot be converted (read after the claim found nothing). */
  async function stateError(id: string, userId: string, on: DbOrTx) {
    const lock = await findOwnLock(on, id, userId);
    if (!lock) return lockNotFound();
    if (lock.usedAt) return lockError('LOCK_USED');
    if (lock.cancelledAt) return lockError('LOCK_CANCELLED');
    return lockError('LOCK_EXPIRED');
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

  return {
    async lock(user: AuthUser, leftAssetId: string, rightAssetId: string): Promise<PriceLock> {
      if (leftAssetId === rightAssetId) throw badRequest(CONVERT_ERRORS.SAME_ASSET, 'SAME_ASSET');
      const [left, right] = await Promise.all([asset(leftAssetId), asset(rightAssetId)]);
      const leftUsd = prices.freshUsd(left.ticker);
      const rightUsd = prices.freshUsd(right.ticker);
      const row = await insertLock(
        db,
        {
          userId: user.id,
          leftAssetId: left.id,
          rightAssetId: right.id,
          rate: toPlain(leftUsd.div(rightUsd)),
          leftUsd: toPlain(leftUsd),
          rightUsd: toPlain(rightUsd),
        },
        deps.lockTtlSeconds,
      );
      return toLock(row, user);
    },

    async getLock(user: AuthUser, id: string): Promise<PriceLock> {
      const row = await findOwnLock(db, id, user.id);
      if (!row) throw lockNotFound();
      return toLock(row, user);
    },

    async cancel(user: AuthUser, id: string): Promise<void> {
      if (await cancelLock(db, id, user.id)) return;
      const row = await findOwnLock(db, id, user.id);
      if (!row) throw lockNotFound();
      if (row.usedAt) throw lockError('LOCK_USED');
      // Cancelling twice is harmless.
    },

    /** Settles the lock once: checks, then one transaction (claim lock, post ledger, record). */
    async convert(user: AuthUser, lockId: string, amountText: string): Promise<string> {
      const amount = parseDecimal(amountText);
      if (!amount || amount.lte(0)) throw badRequest(CONVERT_ERRORS.INVALID_AMOUNT, 'INVALID_AMOUNT');
      const lock = await findOwnLock(db, lockId, user.id);
      if (!lock) throw lockNotFound();
      if (lock.usedAt) throw lockError('LOCK_USED');
      if (lock.cancelledAt) throw lockError('LOCK_CANCELLED');
      if (await isExpired(db, lock.id)) throw lockError('LOCK_EXPIRED');
      const [left, right, s] = await Promise.all([
        asset(lock.leftAssetId),
        asset(lock.rightAssetId),
        settings(),
      ]);
      if (!hasAtMostDecimals(amount, left.decimals))
        throw badRequest(tooManyDecimalsMessage(left.ticker, left.decimals), 'TOO_MANY_DECIMALS');
      const leftUsd = new Decimal(lock.leftUsd);
      const usdValue = amount.times(leftUsd);
      if (usdValue.lt(s.minUsd)) {
        const approx = s.minUsd.div(leftUsd).toFixed(8, Decimal.ROUND_UP);
        throw badRequest(belowMinimumMessage(toPlain(s.minUsd), approx, left.ticker), 'BELOW_MINIMUM');
      }
      const balance = (await ledger.balances(user.id)).get(left.id) ?? new Decimal(0);
      if (balance.lt(amount)) throw badRequest(CONVERT_ERRORS.INSUFFICIENT_FUNDS, 'INSUFFICIENT_FUNDS');

      // Fee and amount received are in the destination asset, each rounded down to its decimals;
      // the sub-unit remainder stays with the house.
      const rate = new Decimal(lock.rate);
      const gross = amount.times(rate);
      const feeRate = user.premium ? new Decimal(0) : s.feeRate;
      const fee = roundDown(gross.times(feeRate), right.decimals);
      const received = roundDown(gross.minus(gross.times(feeRate)), right.decimals);
      if (received.lte(0)) throw badRequest('This amount is too small to convert.', 'AMOUNT_TOO_SMALL');

      return db.transaction(async (tx) => {
        const claimed = await claimLock(tx, lock.id, user.id);
        if (!claimed) throw await stateError(lock.id, user.id, tx);
        const legs = [
          { owner: { kind: 'user' as const, userId: user.id }, assetId: left.id, amount: amount.neg() },
          { owner: { kind: 'house' as const }, assetId: left.id, amount },
          { owner: { kind: 'house' as const }, assetId: right.id, amount: received.plus(fee).neg() },
          { owner: { kind: 'user' as const, userId: user.id }, assetId: right.id, amount: received },
          ...(fee.gt(0) ? [{ owner: { kind: 'fee' as const }, assetId: right.id, amount: fee }] : []),
        ];
        const entryId = await ledger.post(tx, {
          kind: 'convert',
          reference: lock.id,
          memo: `${left.ticker} -> ${right.ticker}`,
          legs,
        });
        if (!entryId) throw lockError('LOCK_USED');
        const row = await insertConversion(tx, {
          userId: user.id,
          lockId: lock.id,
          leftAssetId: left.id,
          rightAssetId: right.id,
          amount: toPlain(amount),
          destinationAmount: toPlain(received),
          rate: toPlain(rate),
          fee: toPlain(fee),
          usdValue: toPlain(usdValue),
          status: TransactionStatus.success,
          journalEntryId: entryId,
        });
        return row.id;
      });
    },

    async transaction(user: AuthUser, id: string): Promise<ConvertTransaction> {
      const row = await findOwnConversion(db, id, user.id);
      if (!row) throw notFound(CONVERT_ERRORS.TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
      return toTransaction(row);
    },

    async transactions(user: AuthUser): Promise<ConvertTransaction[]> {
      const rows = await listOwnConversions(db, user.id, 500);
      return Promise.all(rows.map(toTransaction));
    },
  };
}
export type ConvertService = ReturnType<typeof createConvertService>;
