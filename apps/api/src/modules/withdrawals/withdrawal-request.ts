import {
  Decimal,
  toPlain,
  WalletType,
  WITHDRAWAL_ERRORS,
  type WithdrawalQuote,
  type WithdrawalRequest,
  type WithdrawalReviewReason,
} from '@vaultline/shared';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { bankAccounts } from '../../db/schema';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { LedgerService } from '../ledger/ledger.service';
import { pgError } from '../ledger/ledger.service';
import { assertCanSpend } from '../ledger/spending-holds';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { dispatchWithdrawal, type WithdrawalChain } from './withdrawal-dispatch';
import { holdFunds, type WithdrawalRow } from './withdrawal-moves';
import { ruleOf } from './withdrawal-rules';
import {
  byRequestId,
  dailyUsd,
  findAddress,
  hasCompleted,
  insertWithdrawal,
  lockUser,
} from './withdrawals.repository';

export interface RequestDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  ledger: Pick<LedgerService, 'post' | 'balances'>;
  prices: Pick<PriceService, 'freshUsd'>;
  chain: WithdrawalChain;
  settings: { dailyLimitUsd: number; reviewFirst: boolean; autoPayoutMaxUsd: Decimal };
  /** Stages the owner's e-mail in the transaction; answers what pushes and delivers after commit. */
  staged(tx: DbOrTx, w: WithdrawalRow): Promise<() => void>;
}

const APPROVED = 1;

async function assetOf(deps: RequestDeps, assetId: string) {
  const asset = await deps.catalog.byId(assetId);
  if (!asset) throw notFound('Asset not found', 'ASSET_NOT_FOUND');
  return asset;
}

/**
 * Quotes and requests (decision 0054). Every check runs on the server in the request's one
 * transaction, after the user's row is locked FOR UPDATE: a user's requests run one at a time, so
 * the daily limit and the balance cannot be passed by two at once; the ledger refuses a negative
 * balance whatever else runs (conversions, other paths).
 */
export function createWithdrawalRequests(deps: RequestDeps) {
  const { db } = deps;

  async function quote(userId: string, assetId: string, amount: string): Promise<WithdrawalQuote> {
    const asset = await assetOf(deps, assetId);
    const rule = await ruleOf(db, asset.id);
    const a = new Decimal(amount);
    const available = (await deps.ledger.balances(userId)).get(asset.id) ?? new Decimal(0);
    return {
      fee: toPlain(rule.fee),
      receive: toPlain(a),
      total: toPlain(a.plus(rule.fee)),
      available: toPlain(available),
      minimum: toPlain(rule.minimum),
      open: rule.open,
    };
  }

  /** Refuses the request (nothing written) or answers where it goes. */
  async function destination(
    tx: DbOrTx,
    userId: string,
    req: WithdrawalRequest,
    asset: { id: string; type: number; ticker: string },
  ) {
    if (req.addressId !== undefined) {
      if (asset.type !== WalletType.Crypto)
        throw badRequest(WITHDRAWAL_ERRORS.notCrypto, 'WITHDRAWAL_NOT_CRYPTO');
      const a = await findAddress(tx, req.addressId);
      if (!a || a.userId !== userId || a.deletedAt !== null || a.assetId !== asset.id)
        throw notFound(WITHDRAWAL_ERRORS.addressNotFound, 'WITHDRAWAL_ADDRESS_NOT_FOUND');
      if (a.usableAt.getTime() > Date.now()) {
        const at = a.usableAt.toISOString();
        throw badRequest(WITHDRAWAL_ERRORS.addressOnHold(at), 'WITHDRAWAL_ADDRESS_ON_HOLD', undefined, {
          at,
        });
      }
      return {
        kind: 'crypto' as const,
        addressId: a.id,
        network: a.network,
        toAddress: a.address,
        memo: a.memo,
      };
    }
    if (asset.type !== WalletType.Fiat) throw badRequest(WITHDRAWAL_ERRORS.notFiat, 'WITHDRAWAL_NOT_FIAT');
    const [bank] = await tx
      .select({ iban: bankAccounts.iban })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.status, APPROVED)));
    if (!bank) throw badRequest(WITHDRAWAL_ERRORS.bankNotApproved, 'WITHDRAWAL_BANK_NOT_APPROVED');
    return { kind: 'bank' as const, iban: bank.iban };
  }

  async function request(userId: string, req: WithdrawalRequest): Promise<WithdrawalRow> {
    const asset = await assetOf(deps, req.assetId);
    const ticker = asset.ticker;
    const amount = new Decimal(req.amount);
    if (amount.decimalPlaces() > asset.decimals)
      throw badRequest(
        `${ticker} amounts have at most ${asset.decimals} decimals.`,
        'TOO_MANY_DECIMALS',
        undefined,
        { ticker, decimals: asset.decimals },
      );
    let after: () => void = () => undefined;
    try {
      const row = await db.transaction(async (tx) => {
        const user = await lockUser(tx, userId);
        if (!user) throw notFound('User not found', 'NOT_FOUND');
        // The same submission again (a double click): the first one's withdrawal.
        if (req.requestId) {
          const earlier = await byRequestId(tx, userId, req.requestId);
          if (earlier) return earlier;
        }
        if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
          const until = user.lockedUntil.toISOString();
          throw forbidden(WITHDRAWAL_ERRORS.locked(until), 'WITHDRAWALS_LOCKED', { until });
        }
        const rule = await ruleOf(tx, asset.id);
        if (!rule.open)
          throw badRequest(WITHDRAWAL_ERRORS.assetClosed(ticker), 'WITHDRAWAL_ASSET_CLOSED', undefined, {
            ticker,
          });
        if (amount.lt(rule.minimum)) {
          const minimum = toPlain(rule.minimum);
          throw badRequest(
            WITHDRAWAL_ERRORS.belowMinimum(minimum, ticker),
            'WITHDRAWAL_BELOW_MINIMUM',
            undefined,
            {
              minimum,
              ticker,
            },
          );
        }
        const to = await destination(tx, userId, req, asset);
        await assertCanSpend(tx, userId);
        let price: Decimal;
        try {
          price = deps.prices.freshUsd(ticker);
        } catch {
          throw new AppError(503, 'WITHDRAWAL_NO_PRICE', WITHDRAWAL_ERRORS.noPrice(ticker), undefined, {
            ticker,
          });
        }
        const usd = amount.times(price).toDecimalPlaces(2);
        const reasons: WithdrawalReviewReason[] = [];
        if (new Decimal(await dailyUsd(tx, userId)).plus(usd).gt(deps.settings.dailyLimitUsd))
          reasons.push('dailyLimit');
        if (usd.gt(deps.settings.autoPayoutMaxUsd)) reasons.push('overPayoutLimit');
        if (deps.settings.reviewFirst && !(await hasCompleted(tx, userId))) reasons.push('firstWithdrawal');
        let w = await insertWithdrawal(tx, {
          userId,
          assetId: asset.id,
          requestId: req.requestId ?? null,
          ...to,
          amount: toPlain(amount),
          fee: toPlain(rule.fee),
          usdValue: toPlain(usd),
          status: reasons.length > 0 ? 'review' : 'queued',
          reviewReasons: reasons,
        });
        // The ledger refuses more than available (INSUFFICIENT_FUNDS): the whole request rolls back.
        await holdFunds(tx, deps.ledger, w);
        if (reasons.length === 0) w = await dispatchWithdrawal(tx, deps.chain, w, ticker);
        after = await deps.staged(tx, w);
        return w;
      });
      after();
      return row;
    } catch (err) {
      // Two submissions of one requestId that passed each other: the loser answers the winner's.
      if (req.requestId && pgError(err)?.code === '23505') {
        const winner = await byRequestId(db, userId, req.requestId);
        if (winner) return winner;
      }
      throw err;
    }
  }

  return { quote, request };
}
