import {
  CHAIN_ERRORS,
  type ConfirmExchangeRequest,
  DEFAULT_LANGUAGE,
  Decimal,
  EXCHANGE_ERRORS,
  EXCHANGE_RECEIVED_ERRORS,
  emailSchema,
  hasAtMostDecimals,
  isDecimalString,
  type PublicExchange,
  TransactionStatus,
} from '@vaultline/shared';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { runAfterCommit } from '../chain/chain-owners';
import { canonicalHash } from '../chain/tx-hash';
import type { AssetRow } from '../wallets/wallets.repository';
import {
  confirmExchange,
  type ExchangeRow,
  exchangeIdsByEmail,
  expireUnpaid,
  findExchange,
  findExchanges,
  type ProgressRow,
} from './exchange.repository';
import { createExchangeAdminOps } from './exchange-admin';
import { createExchangeChain, EXPIRED_NOTE } from './exchange-chain';
import { shortPaidPastWindow } from './exchange-chain.repository';
import { bad, createExchangeCreate, createExchangeQuote, EMAIL_TLD, optional } from './exchange-create';
import type { ExchangeDeps } from './exchange-deps';
import { listMail, statusMail, trackingLink } from './exchange-mail';
import { createReceivedOps } from './exchange-received';
import { exchangeStage, toAdminExchange, toPublicExchange } from './exchange-view';
import { validAddress } from './networks';

export { EXPIRED_NOTE };

/** Links one "e-mail me my exchanges" message holds at most. */
const MAX_LINKS = 50;
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
    expiryMinutes: deps.expiryMinutes,
    received: createReceivedOps({
      chainOps,
      chain: deps.chain,
      expiryMinutes: deps.expiryMinutes,
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

  return {
    create: createExchangeCreate(deps, asset, link),
    /** The guest exchange's quote (checks, minimum, fee, a partner's commission), for the partner API. */
    quote: createExchangeQuote(deps),

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

    /**
     * The guest says the deposit was sent: pending (2) until an admin checks it. Only within the
     * quote's window: past it the exchange expires here and then (a lapsed quote is not confirmed).
     */
    async confirm(input: ConfirmExchangeRequest): Promise<PublicExchange> {
      const row = await findExchange(db, input.exchangeId);
      if (!row) throw notFound(EXCHANGE_ERRORS.notFound, 'EXCHANGE_NOT_FOUND');
      if (row.network) throw conflict(CHAIN_ERRORS.watchedNoHash, 'NETWORK_WATCHED');
      const src = await asset(row.sourceAssetId);
      const typed = input.transactionHash?.trim() ?? '';
      if (!typed) throw bad('HASH_REQUIRED', EXCHANGE_ERRORS.hashRequired);
      // Checked for its network and stored in its one form: one transaction, one claim (decision 0040).
      const hash = canonicalHash(src.ticker, typed);
      if (!hash) throw bad('INVALID_HASH', EXCHANGE_ERRORS.invalidHash(src.ticker), { ticker: src.ticker });
      const sender = optional(input.senderWalletAddress);
      if (sender !== undefined && !validAddress(src.ticker, sender))
        throw bad('INVALID_SENDER_ADDRESS', EXCHANGE_ERRORS.invalidAddress);
      // One hash, one exchange or deposit per network (DECISIONS §10): claimed with the status change.
      const done = await db.transaction(async (tx) => {
        const r = await confirmExchange(
          tx,
          row.id,
          { transactionHash: hash, senderAddress: sender },
          deps.expiryMinutes,
        );
        if (r && !(await deps.chain.claimHash(tx, { ticker: src.ticker, hash, exchangeId: r.id })))
          throw conflict(CHAIN_ERRORS.hashClaimed, 'HASH_CLAIMED');
        return r;
      });
      if (done) {
        await statusChanged(done);
        return toPublic(done);
      }
      // Its quote lapsed before the expiry job came by: expired now, as the job would have.
      const [expired] = await expireUnpaid(db, deps.expiryMinutes, EXPIRED_NOTE, row.id);
      if (expired) {
        await statusChanged(expired);
        throw conflict(EXCHANGE_ERRORS.notAwaiting, 'EXCHANGE_NOT_AWAITING');
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
          // Dust is never refunded: it stays at the address for the operator's sweep.
          d.holdReason !== 'dust' &&
          !(await deps.chain.livePayout('deposit_refund', d.id, tx));
        if (!held) throw conflict(CHAIN_ERRORS.depositNotHeld, 'DEPOSIT_NOT_HELD');
        const src = await asset(d.assetId);
        const to = address.trim();
        if (!validAddress(src.ticker, to))
          throw bad('INVALID_REFUND_ADDRESS', EXCHANGE_RECEIVED_ERRORS.invalidRefundAddress);
        deps.chain.refuseHotWallet(to);
        const typed = payoutHash?.trim() || undefined;
        const hash = typed && canonicalHash(src.ticker, typed);
        if (typed && !hash)
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
