import {
  belowMinimumMessage,
  type CreateExchangeRequest,
  commissionQuote,
  DEFAULT_LANGUAGE,
  Decimal,
  EXCHANGE_ERRORS,
  emailSchema,
  hasAtMostDecimals,
  isDecimalString,
  PARTNER_API_ERRORS,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import type { AssetRow } from '../wallets/wallets.repository';
import { insertExchange, partnerCommissionRate } from './exchange.repository';
import type { ExchangeDeps } from './exchange-deps';
import { createdMail } from './exchange-mail';
import { usesMemo, validAddress, validMemo } from './networks';

// Spec-1 §5: text, @, domain and a top-level part of at least 2 letters.
export const EMAIL_TLD = /@[^@\s]+\.[A-Za-z]{2,}$/;

export const bad = (code: string, message: string, params?: Record<string, string | number>) =>
  badRequest(message, code, undefined, params);

/** A text field left out or blank is undefined; otherwise trimmed. */
export const optional = (v: string | null | undefined) => {
  const t = v?.trim();
  return t ? t : undefined;
};

/** An exchange's figures as stored: decimal strings (the commission is "0" without a partner). */
export interface ExchangeFigures {
  amount: string;
  destinationAmount: string;
  rate: string;
  fee: string;
  feeRate: string;
  usdValue: string;
  commission: string;
  commissionRate: string | null;
}

/** An exchange made through the partner API (DECISIONS §11); the partner id comes from its key. */
export interface PartnerCreate {
  partnerId: string;
  rateMode: 'fixed' | 'variable';
  /** A fixed quote: its figures replace a fresh quote; `claim` marks it used in the insert's transaction. */
  quote?: ExchangeFigures & { id: string; claim: (tx: DbOrTx) => Promise<void> };
  /** The e-mail column when the end user gave none (the partner account's; never shown). */
  fallbackEmail?: string;
  /**
   * Runs first in the insert's transaction: the request's Idempotency-Key is still its own and its
   * window not passed (statements past the window are cancelled), or nothing is written.
   */
  begin?: (tx: DbOrTx) => Promise<void>;
  /**
   * Runs in the insert's transaction once the row is written: the Idempotency-Key of the request
   * records the exchange's id, so a retry after a crash finds it (decision 0034).
   */
  inserted?: (tx: DbOrTx, exchangeId: string) => Promise<void>;
}

/**
 * The quote of a guest exchange (also the partner API's): amount checks, the server's minimum in
 * USD, fresh prices, the fee rule and, for a partner, its commission taken from what the guest gets.
 */
export function createExchangeQuote(deps: Pick<ExchangeDeps, 'prices' | 'system'>) {
  return async function quote(
    src: AssetRow,
    dst: AssetRow,
    amountInput: string,
    caller: { premium: boolean } | null | undefined,
    commissionRate: string | null,
  ): Promise<ExchangeFigures> {
    const amountText = amountInput.trim();
    if (!isDecimalString(amountText) || new Decimal(amountText).lte(0))
      throw bad('INVALID_AMOUNT', EXCHANGE_ERRORS.invalidAmount);
    const amount = new Decimal(amountText);
    if (!hasAtMostDecimals(amount, src.decimals))
      throw bad('TOO_MANY_DECIMALS', tooManyDecimalsMessage(src.ticker, src.decimals), {
        ticker: src.ticker,
        decimals: src.decimals,
      });
    // The minimum and the fee are the server's settings, never the client's.
    const settings = await deps.system.publicSettings();
    const srcUsd = deps.prices.freshUsd(src.ticker);
    const dstUsd = deps.prices.freshUsd(dst.ticker);
    const usdValue = amount.mul(srcUsd);
    const minUsd = new Decimal(settings.minimumTransactionAmount);
    if (usdValue.lt(minUsd)) {
      const approx = minUsd.div(srcUsd).toFixed(8, Decimal.ROUND_UP);
      throw bad('BELOW_MINIMUM', belowMinimumMessage(toPlain(minUsd), approx, src.ticker), {
        minimumUsd: toPlain(minUsd),
        approximateAmount: approx,
        ticker: src.ticker,
      });
    }
    const rate = srcUsd.div(dstUsd);
    const feeRate = caller?.premium ? new Decimal(0) : new Decimal(settings.feeRate);
    const q = commissionQuote(amount, rate, feeRate, commissionRate, dst.decimals);
    if (q.receive.lte(0)) throw bad('AMOUNT_TOO_SMALL', 'This amount is too small to convert.');
    return {
      amount: toPlain(amount),
      destinationAmount: toPlain(q.receive),
      rate: toPlain(rate),
      fee: toPlain(q.fee),
      feeRate: toPlain(feeRate),
      usdValue: toPlain(usdValue),
      commission: toPlain(q.commission),
      commissionRate,
    };
  };
}

/** A guest exchange's creation (POST PublicExchange, the widget, and the partner API). */
export function createExchangeCreate(
  deps: ExchangeDeps,
  asset: (id: string) => Promise<AssetRow>,
  link: (id: string) => string,
) {
  const { db, mail } = deps;
  const quote = createExchangeQuote(deps);

  /**
   * Checks in the order of DECISIONS §4 (each refusal stores nothing), quotes the destination
   * amount from fresh prices with the conversion fee rule, stores the exchange awaiting the
   * guest's deposit and e-mails the tracking link. A signed-in caller's exchange is also theirs
   * (history, live room), and a premium caller pays no fee, as with conversions (DECISIONS §3).
   * A partner's exchange (its widget's partnerId, or `p` from the partner API) takes the partner's
   * current commission rate; an unknown partnerId stores nothing.
   */
  return async function create(
    input: CreateExchangeRequest,
    caller?: { id: string; premium: boolean } | null,
    p?: PartnerCreate,
  ): Promise<{ id: string }> {
    const [src, dst] = await Promise.all([asset(input.sourceWalletId), asset(input.destinationWalletId)]);
    if (src.type !== WalletType.Crypto || dst.type !== WalletType.Crypto)
      throw bad('EXCHANGE_NOT_CRYPTO', EXCHANGE_ERRORS.notCrypto);
    if (src.id === dst.id) throw bad('SAME_ASSET', EXCHANGE_ERRORS.sameAsset);
    // On a watched network the exchange gets an address of its own (DECISIONS §10).
    const watched = deps.chain.watched(src.ticker);
    if (p?.rateMode === 'variable' && !watched)
      throw new AppError(422, 'VARIABLE_NOT_WATCHED', PARTNER_API_ERRORS.notWatched(src.ticker), undefined, {
        ticker: src.ticker,
      });
    if (!watched && !src.adminWalletAddress)
      throw bad('ADDRESS_NOT_CONFIGURED', EXCHANGE_ERRORS.addressNotConfigured(src.ticker), {
        ticker: src.ticker,
      });
    const partnerId = p?.partnerId ?? input.partnerId;
    let commissionRate: string | null = null;
    if (partnerId) {
      const partnerRate = await partnerCommissionRate(db, partnerId);
      if (partnerRate === undefined) throw bad('UNKNOWN_PARTNER', PARTNER_API_ERRORS.unknownPartner);
      commissionRate = toPlain(partnerRate);
    }

    const figures = p?.quote ?? (await quote(src, dst, input.amount, caller, commissionRate));

    const email = emailSchema.safeParse(optional(input.userEmail) ?? p?.fallbackEmail ?? '');
    if (!email.success || !EMAIL_TLD.test(email.data))
      throw bad('INVALID_EMAIL', EXCHANGE_ERRORS.invalidEmail);
    const destination = input.destinationWalletAddress.trim();
    const addressOk = (ticker: string, a: string) =>
      deps.chain.testAddress(ticker, a) ?? validAddress(ticker, a);
    if (!addressOk(dst.ticker, destination))
      throw bad('INVALID_WALLET_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
    const refund = optional(input.refundWalletAddress);
    if (refund !== undefined && !addressOk(src.ticker, refund))
      throw bad('INVALID_REFUND_ADDRESS', EXCHANGE_ERRORS.invalidRefundAddress);
    // Both are paid by the hot wallet: never to itself.
    for (const a of [destination, refund]) if (a !== undefined) deps.chain.refuseHotWallet(a);
    const sender = optional(input.senderWalletAddress);
    if (sender !== undefined && !validAddress(src.ticker, sender))
      throw bad('INVALID_SENDER_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
    const memo = optional(input.destinationMemo);
    if (memo !== undefined) {
      if (!usesMemo(dst.ticker))
        throw bad('MEMO_NOT_USED', EXCHANGE_ERRORS.memoNotUsed(dst.ticker), { ticker: dst.ticker });
      if (!validMemo(dst.ticker, memo))
        throw bad('INVALID_MEMO', EXCHANGE_ERRORS.invalidMemo(dst.ticker), { ticker: dst.ticker });
    }

    const language = input.language ?? DEFAULT_LANGUAGE;
    const values = {
      sourceAssetId: src.id,
      destinationAssetId: dst.id,
      amount: figures.amount,
      destinationAmount: figures.destinationAmount,
      rate: figures.rate,
      fee: figures.fee,
      feeRate: figures.feeRate,
      usdValue: figures.usdValue,
      userId: caller?.id ?? null,
      email: email.data,
      language,
      depositAddress: src.adminWalletAddress ?? '',
      destinationAddress: destination,
      destinationMemo: memo ?? null,
      senderAddress: sender ?? null,
      refundAddress: refund ?? null,
      status: TransactionStatus.awaitingVerification,
      ...(partnerId
        ? {
            partnerId,
            partnerCommissionRate: figures.commissionRate,
            partnerCommission: figures.commission,
            rateMode: p?.rateMode ?? 'fixed',
            partnerQuoteId: p?.quote?.id ?? null,
          }
        : {}),
    };
    const write = async (tx: DbOrTx) => {
      // A partner quote is claimed in the insert's transaction: used at most once.
      if (p?.quote) await p.quote.claim(tx);
      if (!watched) return insertExchange(tx, values);
      const reserved = await deps.chain.reserveAddress(tx, watched.network);
      const r = await insertExchange(tx, {
        ...values,
        depositAddress: reserved.address,
        network: watched.network,
        requiredConfirmations: watched.confirmations,
      });
      await deps.chain.bindExchange(tx, watched.network, reserved, r.id);
      return r;
    };
    const insert = async (tx: DbOrTx) => {
      if (p?.begin) await p.begin(tx);
      const r = await write(tx);
      if (p?.inserted) await p.inserted(tx, r.id);
      return r;
    };
    const inTx = watched || p?.quote || p?.begin || p?.inserted;
    const row = inTx ? await db.transaction(insert) : await insert(db);
    const m = createdMail(
      language,
      {
        amount: figures.amount,
        from: src.ticker,
        receive: figures.destinationAmount,
        to: dst.ticker,
        address: row.depositAddress,
      },
      link(row.id),
      deps.expiryMinutes,
    );
    await mail.send({ to: email.data, ...m });
    return { id: row.id };
  };
}
