import {
  belowMinimumMessage,
  type ConfirmExchangeRequest,
  type CreateExchangeRequest,
  conversionQuote,
  DEFAULT_LANGUAGE,
  Decimal,
  EXCHANGE_ERRORS,
  emailSchema,
  hasAtMostDecimals,
  isDecimalString,
  type PublicExchange,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
  WalletType,
} from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../admin/audit.service';
import type { FeedService } from '../feed/feed.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import {
  confirmExchange,
  type ExchangeRow,
  exchangeIdsByEmail,
  expireUnpaid,
  findExchange,
  findExchanges,
  insertExchange,
} from './exchange.repository';
import { createExchangeAdminOps } from './exchange-admin';
import { createdMail, listMail, statusMail, trackingLink } from './exchange-mail';
import { createReceivedOps } from './exchange-received';
import { toAdminExchange, toPublicExchange } from './exchange-view';
import { usesMemo, validAddress, validHash, validMemo } from './networks';

export interface ExchangeDeps {
  db: Db;
  catalog: AssetCatalog;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  mail: Pick<MailService, 'send'>;
  /** A successful exchange posts its entry here (house accounts against the outside world). */
  ledger: Pick<LedgerService, 'post'>;
  /** The live feed: a status change goes to that exchange's watchers (and the admins) only. */
  feed: Pick<FeedService, 'publish'>;
  /** Every admin decision writes its audit row in the decision's transaction. */
  audit: AuditTrail;
  publicUrl: string;
  expiryMinutes: number;
  log: FastifyBaseLogger;
}

export const EXPIRED_NOTE = 'Expired';
/** Links one "e-mail me my exchanges" message holds at most. */
const MAX_LINKS = 50;
// Spec-1 §5: text, @, domain and a top-level part of at least 2 letters.
const EMAIL_TLD = /@[^@\s]+\.[A-Za-z]{2,}$/;

const bad = (code: string, message: string, params?: Record<string, string | number>) =>
  badRequest(message, code, undefined, params);

/** Guest exchanges: creation with every server check, tracking by id, confirmation and expiry. */
export function createExchangeService(deps: ExchangeDeps) {
  const { db, catalog, prices, system, mail } = deps;
  const link = (id: string) => trackingLink(deps.publicUrl, id);

  async function asset(id: string): Promise<AssetRow> {
    const a = await catalog.byId(id);
    if (!a) throw notFound('Asset not found.', 'ASSET_NOT_FOUND');
    return a;
  }

  /**
   * DECISIONS §4: every status change e-mails the guest, in the guest's language, and is pushed live
   * to that exchange's watchers only (never the e-mail).
   */
  async function statusChanged(r: ExchangeRow): Promise<void> {
    deps.feed.publish(
      {
        id: r.id,
        status: r.status,
        adminNotes: r.adminNotes,
        transactionHash: r.transactionHash,
        updatedAt: r.updatedAt.toISOString(),
      },
      r.userId ? { exchangeId: r.id, userId: r.userId } : { exchangeId: r.id },
    );
    await mail.send({ to: r.email, ...statusMail(r.language, r.status, link(r.id), r.adminNotes) });
  }

  const toPublic = (r: ExchangeRow) => toPublicExchange(r, catalog, deps.expiryMinutes);
  const toAdmin = (r: ExchangeRow) => toAdminExchange(r, catalog, deps.expiryMinutes);
  const admin = createExchangeAdminOps({
    db,
    catalog,
    ledger: deps.ledger,
    audit: deps.audit,
    toAdmin,
    statusChanged,
    received: createReceivedOps({
      db,
      catalog,
      prices,
      ledger: deps.ledger,
      mail,
      link,
      statusChanged,
      audit: deps.audit,
    }),
  });

  const optional = (v: string | null | undefined) => {
    const t = v?.trim();
    return t ? t : undefined;
  };

  return {
    /**
     * Checks in the order of DECISIONS §4 (each refusal stores nothing), quotes the destination
     * amount from fresh prices with the conversion fee rule, stores the exchange awaiting the
     * guest's deposit and e-mails the tracking link. A signed-in caller's exchange is also theirs
     * (history, live room), and a premium caller pays no fee, as with conversions (DECISIONS §3).
     */
    async create(
      input: CreateExchangeRequest,
      caller?: { id: string; premium: boolean } | null,
    ): Promise<{ id: string }> {
      const [src, dst] = await Promise.all([asset(input.sourceWalletId), asset(input.destinationWalletId)]);
      if (src.type !== WalletType.Crypto || dst.type !== WalletType.Crypto)
        throw bad('EXCHANGE_NOT_CRYPTO', EXCHANGE_ERRORS.notCrypto);
      if (src.id === dst.id) throw bad('SAME_ASSET', EXCHANGE_ERRORS.sameAsset);
      if (!src.adminWalletAddress)
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
      const row = await insertExchange(db, {
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
        depositAddress: src.adminWalletAddress,
        destinationAddress: destination,
        destinationMemo: memo ?? null,
        senderAddress: sender ?? null,
        refundAddress: refund ?? null,
        status: TransactionStatus.awaitingVerification,
      });
      const m = createdMail(
        language,
        {
          amount: toPlain(amount),
          from: src.ticker,
          receive: toPlain(quote.receive),
          to: dst.ticker,
          address: src.adminWalletAddress,
        },
        link(row.id),
        deps.expiryMinutes,
      );
      await mail.send({ to: email.data, ...m });
      return { id: row.id };
    },

    async get(id: string): Promise<PublicExchange> {
      const row = await findExchange(db, id);
      if (!row) throw notFound(EXCHANGE_ERRORS.notFound, 'EXCHANGE_NOT_FOUND');
      return toPublic(row);
    },

    /** The exchanges the browser holds; ids it does not know are ignored. */
    async byIds(ids: string[]): Promise<PublicExchange[]> {
      const rows = await findExchanges(db, [...new Set(ids)]);
      return Promise.all(rows.map(toPublic));
    },

    /** The guest says the deposit was sent: pending (2) until an admin checks it. */
    async confirm(input: ConfirmExchangeRequest): Promise<PublicExchange> {
      const row = await findExchange(db, input.exchangeId);
      if (!row) throw notFound(EXCHANGE_ERRORS.notFound, 'EXCHANGE_NOT_FOUND');
      const src = await asset(row.sourceAssetId);
      const hash = input.transactionHash?.trim() ?? '';
      if (!hash) throw bad('HASH_REQUIRED', EXCHANGE_ERRORS.hashRequired);
      if (!validHash(src.ticker, hash))
        throw bad('INVALID_HASH', EXCHANGE_ERRORS.invalidHash(src.ticker), { ticker: src.ticker });
      const sender = optional(input.senderWalletAddress);
      if (sender !== undefined && !validAddress(src.ticker, sender))
        throw bad('INVALID_SENDER_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
      const done = await confirmExchange(db, row.id, { transactionHash: hash, senderAddress: sender });
      if (done) {
        await statusChanged(done);
        return toPublic(done);
      }
      // Lost the race or not awaiting: say which, from the row as it is now.
      const now = (await findExchange(db, row.id)) ?? row;
      if (now.transactionHash) throw conflict(EXCHANGE_ERRORS.alreadyConfirmed, 'ALREADY_CONFIRMED');
      throw conflict(EXCHANGE_ERRORS.notAwaiting, 'EXCHANGE_NOT_AWAITING');
    },

    /** Mails the tracking links of this address's exchanges; the caller learns nothing either way. */
    async emailMyExchanges(emailText: string, language: string | undefined): Promise<void> {
      const email = emailSchema.safeParse(emailText);
      if (!email.success || !EMAIL_TLD.test(email.data))
        throw bad('INVALID_EMAIL', EXCHANGE_ERRORS.invalidEmail);
      const ids = await exchangeIdsByEmail(db, email.data, MAX_LINKS);
      if (ids.length === 0) return;
      await mail.send({ to: email.data, ...listMail(language ?? DEFAULT_LANGUAGE, ids.map(link)) });
    },

    /** The back office's calls (exchange-admin.ts). */
    ...admin,

    /** One expiry pass (the timer's work); returns how many exchanges expired. */
    async expire(): Promise<number> {
      const expired = await expireUnpaid(db, deps.expiryMinutes, EXPIRED_NOTE);
      for (const row of expired) await statusChanged(row);
      return expired.length;
    },
  };
}
export type ExchangeService = ReturnType<typeof createExchangeService>;
