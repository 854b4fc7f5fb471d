import {
  belowMinimumMessage,
  type CreateExchangeRequest,
  conversionQuote,
  DEFAULT_LANGUAGE,
  Decimal,
  EXCHANGE_ERRORS,
  emailSchema,
  hasAtMostDecimals,
  isDecimalString,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import { badRequest } from '../../lib/errors';
import type { AssetRow } from '../wallets/wallets.repository';
import { insertExchange } from './exchange.repository';
import type { ExchangeDeps } from './exchange.service';
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

/** A guest exchange's creation (POST PublicExchange). */
export function createExchangeCreate(
  deps: ExchangeDeps,
  asset: (id: string) => Promise<AssetRow>,
  link: (id: string) => string,
) {
  const { db, prices, system, mail } = deps;

  /**
   * Checks in the order of DECISIONS §4 (each refusal stores nothing), quotes the destination
   * amount from fresh prices with the conversion fee rule, stores the exchange awaiting the
   * guest's deposit and e-mails the tracking link. A signed-in caller's exchange is also theirs
   * (history, live room), and a premium caller pays no fee, as with conversions (DECISIONS §3).
   */
  return async function create(
    input: CreateExchangeRequest,
    caller?: { id: string; premium: boolean } | null,
  ): Promise<{ id: string }> {
    const [src, dst] = await Promise.all([asset(input.sourceWalletId), asset(input.destinationWalletId)]);
    if (src.type !== WalletType.Crypto || dst.type !== WalletType.Crypto)
      throw bad('EXCHANGE_NOT_CRYPTO', EXCHANGE_ERRORS.notCrypto);
    if (src.id === dst.id) throw bad('SAME_ASSET', EXCHANGE_ERRORS.sameAsset);
    // On a watched network the exchange gets an address of its own (DECISIONS §10).
    const watched = deps.chain.watched(src.ticker);
    if (!watched && !src.adminWalletAddress)
      throw bad('ADDRESS_NOT_CONFIGURED', EXCHANGE_ERRORS.addressNotConfigured(src.ticker), {
        ticker: src.ticker,
      });

    const amountText = input.amount.trim();
    if (!isDecimalString(amountText) || new Decimal(amountText).lte(0))
      throw bad('INVALID_AMOUNT', EXCHANGE_ERRORS.invalidAmount);
    const amount = new Decimal(amountText);
    if (!hasAtMostDecimals(amount, src.decimals))
      throw bad('TOO_MANY_DECIMALS', tooManyDecimalsMessage(src.ticker, src.decimals), {
        ticker: src.ticker,
        decimals: src.decimals,
      });
    // The minimum and the fee are the server's settings, never the client's.
    const settings = await system.publicSettings();
    const srcUsd = prices.freshUsd(src.ticker);
    const dstUsd = prices.freshUsd(dst.ticker);
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

    const email = emailSchema.safeParse(input.userEmail);
    if (!email.success || !EMAIL_TLD.test(email.data))
      throw bad('INVALID_EMAIL', EXCHANGE_ERRORS.invalidEmail);
    const destination = input.destinationWalletAddress.trim();
    if (!validAddress(dst.ticker, destination))
      throw bad('INVALID_WALLET_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
    const refund = optional(input.refundWalletAddress);
    if (refund !== undefined && !validAddress(src.ticker, refund))
      throw bad('INVALID_REFUND_ADDRESS', EXCHANGE_ERRORS.invalidRefundAddress);
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

    const rate = srcUsd.div(dstUsd);
    const feeRate = caller?.premium ? new Decimal(0) : new Decimal(settings.feeRate);
    const quote = conversionQuote(amount, rate, feeRate, dst.decimals);
    if (quote.receive.lte(0)) throw bad('AMOUNT_TOO_SMALL', 'This amount is too small to convert.');
    const language = input.language ?? DEFAULT_LANGUAGE;
    const values = {
      sourceAssetId: src.id,
      destinationAssetId: dst.id,
      amount: toPlain(amount),
      destinationAmount: toPlain(quote.receive),
      rate: toPlain(rate),
      fee: toPlain(quote.fee),
      feeRate: toPlain(feeRate),
      usdValue: toPlain(usdValue),
      userId: caller?.id ?? null,
      email: email.data,
      language,
      depositAddress: src.adminWalletAddress ?? '',
      destinationAddress: destination,
      destinationMemo: memo ?? null,
      senderAddress: sender ?? null,
      refundAddress: refund ?? null,
      status: TransactionStatus.awaitingVerification,
    };
    const row = watched
      ? await db.transaction(async (tx) => {
          const reserved = await deps.chain.reserveAddress(tx, watched.network);
          const r = await insertExchange(tx, {
            ...values,
            depositAddress: reserved.address,
            network: watched.network,
            requiredConfirmations: watched.confirmations,
          });
          await deps.chain.bindExchange(tx, watched.network, reserved, r.id);
          return r;
        })
      : await insertExchange(db, values);
    const m = createdMail(
      language,
      {
        amount: toPlain(amount),
        from: src.ticker,
        receive: toPlain(quote.receive),
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
