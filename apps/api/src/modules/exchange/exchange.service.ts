import {
  belowMinimumMessage,
  CHAIN_ERRORS,
  type ConfirmExchangeRequest,
  type CreateExchangeRequest,
  conversionQuote,
  DEFAULT_LANGUAGE,
  Decimal,
  EXCHANGE_ERRORS,
  EXCHANGE_RECEIVED_ERRORS,
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
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { AuditTrail } from '../admin/audit.service';
import { runAfterCommit } from '../chain/chain-owners';
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
  type ProgressRow,
  shortPaidPastWindow,
} from './exchange.repository';
import { createExchangeAdminOps } from './exchange-admin';
import { createExchangeChain, EXPIRED_NOTE, type ExchangeChainPort } from './exchange-chain';
import { createdMail, listMail, statusMail, trackingLink } from './exchange-mail';
import { createReceivedOps } from './exchange-received';
import { exchangeStage, toAdminExchange, toPublicExchange } from './exchange-view';
import { usesMemo, validAddress, validHash, validMemo } from './networks';

export interface ExchangeDeps {
  db: Db;
  catalog: AssetCatalog;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  mail: Pick<MailService, 'send' | 'sendMany'>;
  /** A successful exchange posts its entry here (house accounts against the outside world). */
  ledger: Pick<LedgerService, 'post' | 'postMany'>;
  /** The live feed: a status change goes to that exchange's watchers (and the admins) only. */
  feed: Pick<FeedService, 'publish'>;
  /** Every admin decision writes its audit row in the decision's transaction. */
  audit: AuditTrail;
  publicUrl: string;
  expiryMinutes: number;
  log: FastifyBaseLogger;
  /** Watched networks (DECISIONS §10): own deposit addresses, claims, payouts. */
  chain: ExchangeChainPort;
  /** Demo mode: the local chain can send a test deposit. */
  demo: boolean;
}

export { EXPIRED_NOTE };

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
    pushProgress(r);
    await mail.send({ to: r.email, ...statusMail(r.language, r.status, link(r.id), r.adminNotes) });
  }

  /** Several status changes at once (a block's worth of deposits seen): their e-mails in one go. */
  async function statusChangedMany(rows: ExchangeRow[]): Promise<void> {
    for (const r of rows) pushProgress(r);
    await mail.sendMany(
      rows.map((r) => ({ to: r.email, ...statusMail(r.language, r.status, link(r.id), r.adminNotes) })),
    );
  }

  /** The exchange's progress to its watchers (and the admins): no e-mail address, ever. */
  function pushProgress(r: ProgressRow): void {
    deps.feed.publish(
      {
        id: r.id,
        status: r.status,
        adminNotes: r.adminNotes,
        transactionHash: r.transactionHash,
        updatedAt: r.updatedAt.toISOString(),
        ...(r.network
          ? {
              depositConfirmations: r.depositConfirmations,
              requiredConfirmations: r.requiredConfirmations,
              stage: exchangeStage(r),
              payoutHash: r.payoutHash,
            }
          : {}),
      },
      r.userId ? { exchangeId: r.id, userId: r.userId } : { exchangeId: r.id },
    );
  }

  const viewOpts = {
    explorerUrl: deps.chain.explorerUrl,
    testDeposit: (r: ExchangeRow) => deps.demo && r.network !== null,
  };
  const toPublic = (r: ExchangeRow) => toPublicExchange(r, catalog, deps.expiryMinutes, viewOpts);
  const toAdmin = (r: ExchangeRow) => toAdminExchange(r, catalog, deps.expiryMinutes, viewOpts);
  const chainOps = createExchangeChain({
    db,
    catalog,
    prices,
    system,
    ledger: deps.ledger,
    chain: deps.chain,
    mail,
    link,
    expiryMinutes: deps.expiryMinutes,
    statusChanged,
    statusChangedMany,
    pushProgress,
  });
  const admin = createExchangeAdminOps({
    db,
    catalog,
    ledger: deps.ledger,
    audit: deps.audit,
    toAdmin,
    statusChanged,
    chainOps,
    received: createReceivedOps({
      chainOps,
      chain: deps.chain,
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
      if (row.network) throw conflict(CHAIN_ERRORS.watchedNoHash, 'NETWORK_WATCHED');
      const src = await asset(row.sourceAssetId);
      const hash = input.transactionHash?.trim() ?? '';
      if (!hash) throw bad('HASH_REQUIRED', EXCHANGE_ERRORS.hashRequired);
      if (!validHash(src.ticker, hash))
        throw bad('INVALID_HASH', EXCHANGE_ERRORS.invalidHash(src.ticker), { ticker: src.ticker });
      const sender = optional(input.senderWalletAddress);
      if (sender !== undefined && !validAddress(src.ticker, sender))
        throw bad('INVALID_SENDER_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
      // One hash, one exchange or deposit per network (DECISIONS §10): claimed with the status change.
      const done = await db.transaction(async (tx) => {
        const r = await confirmExchange(tx, row.id, { transactionHash: hash, senderAddress: sender });
        if (r && !(await deps.chain.claimHash(tx, { ticker: src.ticker, hash, exchangeId: r.id })))
          throw conflict(CHAIN_ERRORS.hashClaimed, 'HASH_CLAIMED');
        return r;
      });
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

    /** An admin refunds a transfer that the product held for them (Networks, deposits seen). */
    async refundChainDeposit(actorId: string, depositId: string, address: string, payoutHash?: string) {
      await db.transaction(async (tx) => {
        const d = await deps.chain.lockDeposit(tx, depositId);
        if (!d?.exchangeId) throw notFound(CHAIN_ERRORS.depositNotHeld, 'CHAIN_DEPOSIT_NOT_FOUND');
        const held =
          d.status === 'final' &&
          d.holdReason !== null &&
          !(await deps.chain.livePayout('deposit_refund', d.id, tx));
        if (!held) throw conflict(CHAIN_ERRORS.depositNotHeld, 'DEPOSIT_NOT_HELD');
        const src = await asset(d.assetId);
        const to = address.trim();
        if (!validAddress(src.ticker, to))
          throw bad('INVALID_REFUND_ADDRESS', EXCHANGE_RECEIVED_ERRORS.invalidRefundAddress);
        const hash = payoutHash?.trim() || undefined;
        if (hash && !validHash(src.ticker, hash))
          throw bad('INVALID_HASH', EXCHANGE_ERRORS.invalidHash(src.ticker), { ticker: src.ticker });
        await chainOps.refundHeld(tx, actorId, d, to, hash);
        await deps.audit.record(tx, {
          actorId,
          action: 'chainDeposit.refund',
          targetType: 'chainDeposit',
          targetId: d.id,
          before: { holdReason: d.holdReason },
          after: { refundTo: to, ...(hash ? { payoutHash: hash } : {}) },
        });
      });
    },

    /** What arrives at watched exchanges' addresses, and their payouts (exchange-chain.ts). */
    chainOwner: chainOps.owner,
    payoutOwners: chainOps.payoutOwners,

    /**
     * Demo mode only (DECISIONS §10): the local development chain sends this exchange's deposit, the
     * quoted amount or another one, so a newcomer sees the automatic flow without a wallet.
     */
    async testDeposit(exchangeId: string, amountText?: string): Promise<{ transactionHash: string }> {
      if (!deps.demo) throw forbidden(CHAIN_ERRORS.testDepositDemoOnly, 'DEMO_ONLY');
      const row = await findExchange(db, exchangeId);
      if (!row) throw notFound(EXCHANGE_ERRORS.notFound, 'EXCHANGE_NOT_FOUND');
      if (!row.network) throw badRequest(CHAIN_ERRORS.notWatched, 'NOT_WATCHED');
      if (row.status !== TransactionStatus.awaitingVerification)
        throw conflict(CHAIN_ERRORS.testDepositNotAwaiting, 'EXCHANGE_NOT_AWAITING');
      const src = await asset(row.sourceAssetId);
      const text = amountText?.trim() || row.amount;
      if (!isDecimalString(text) || new Decimal(text).lte(0) || !hasAtMostDecimals(text, src.decimals))
        throw bad('INVALID_AMOUNT', EXCHANGE_ERRORS.invalidAmount);
      return {
        transactionHash: await deps.chain.testDeposit(src.ticker, row.depositAddress, new Decimal(text)),
      };
    },

    /**
     * One expiry pass (the timer's work): unpaid exchanges fail ("Expired"), and watched ones paid in
     * part are settled with what arrived. Returns how many exchanges it moved.
     */
    async expire(): Promise<number> {
      const expired = await expireUnpaid(db, deps.expiryMinutes, EXPIRED_NOTE);
      for (const row of expired) await statusChanged(row);
      let settled = 0;
      for (const id of await shortPaidPastWindow(db, deps.expiryMinutes)) {
        const after = await db.transaction((tx) => chainOps.settleShort(tx, id));
        await runAfterCommit(after, (err) => deps.log.error({ err, id }, 'exchange follow-up failed'));
        if (after.length > 0) settled++;
      }
      return expired.length + settled;
    },
  };
}
export type ExchangeService = ReturnType<typeof createExchangeService>;
