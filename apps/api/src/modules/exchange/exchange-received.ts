import {
  CHAIN_ERRORS,
  commissionQuote,
  Decimal,
  EXCHANGE_RECEIVED_ERRORS as E,
  EXCHANGE_ERRORS,
  hasAtMostDecimals,
  isDecimalString,
  TransactionStatus,
  tooManyDecimalsMessage,
  toPlain,
} from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import { type AfterCommit, runAfterCommit } from '../chain/chain-owners';
import { canonicalHash } from '../chain/tx-hash';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { type ExchangeRow, findExchange, lockExchange, updateExchange } from './exchange.repository';
import { exchangeAudit } from './exchange-audit';
import type { ExchangeChain } from './exchange-chain';
import type { ExchangeChainPort } from './exchange-deps';
import { chainRefundEntry, refundEntries, settlementEntry } from './exchange-settlement';
import { validAddress } from './networks';
import { quoteLapsed } from './quote-window';
import { refundMail, requoteMail } from './received-mail';

export interface ReceivedDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  prices: Pick<PriceService, 'freshUsd'>;
  ledger: Pick<LedgerService, 'post'>;
  mail: Pick<MailService, 'send'>;
  link: (id: string) => string;
  /** Feed and status e-mail of a committed change (the exchange service's). */
  statusChanged: (r: ExchangeRow) => Promise<void>;
  /** Each change writes its audit row in its own transaction. */
  audit: AuditTrail;
  /** Watched exchanges: decided through their payout or refund on chain. */
  chainOps: Pick<ExchangeChain, 'resolve'>;
  chain: Pick<ExchangeChainPort, 'watched' | 'exchangeDeposits' | 'refuseHotWallet'>;
  /** A manual exchange's quote holds this long unless confirmed within it (quote-window.ts). */
  expiryMinutes: number;
}

const FINAL = 'This exchange has succeeded; its status can no longer change.';

/**
 * The money the guest actually sent (issue: back office, point 2). The admin records the amount
 * received; when it differs from the quote (under- or over-payment, or a deposit after expiry), the
 * exchange cannot simply be approved: the admin requotes it at the current rate for what arrived
 * (settled in the ledger as a success) or refunds what arrived to the refund address (received and
 * sent back, both in the ledger, then failed). Each change is one transaction; the guest is e-mailed.
 */
export function createReceivedOps(deps: ReceivedDeps) {
  const { db } = deps;

  /** The exchange, locked; refused when it is final: succeeded, or refunded (its coins went back). */
  async function locked(tx: DbOrTx, id: string): Promise<ExchangeRow> {
    const r = await lockExchange(tx, id);
    if (!r) throw notFound('Exchange not found.', 'EXCHANGE_NOT_FOUND');
    if (r.status === TransactionStatus.success) throw conflict(FINAL, 'EXCHANGE_FINAL');
    if (r.refundedAt) throw conflict(E.alreadyRefunded, 'ALREADY_REFUNDED');
    return r;
  }

  async function decimalsOf(assetId: string): Promise<{ ticker: string; decimals: number }> {
    const a = await deps.catalog.byId(assetId);
    if (!a) throw notFound('Asset not found.', 'ASSET_NOT_FOUND');
    return a;
  }

  /** The amount received must be set and differ from the quote for a requote or a refund. */
  function receivedOf(r: ExchangeRow): Decimal {
    if (r.amountReceived === null) throw badRequest(E.receivedRequired, 'RECEIVED_REQUIRED');
    return new Decimal(r.amountReceived);
  }

  /** The house's transfer hash, checked for its network and in its one form (decision 0040). */
  function checkHash(ticker: string, typed: string | undefined): string | null {
    const h = typed?.trim();
    if (!h) return null;
    const hash = canonicalHash(ticker, h);
    if (!hash) throw badRequest(EXCHANGE_ERRORS.invalidHash(ticker), 'INVALID_HASH', undefined, { ticker });
    return hash;
  }

  /**
   * An admin's requote or refund of a watched exchange that the product held (DECISIONS §10): asked
   * of the chain module as a payout the admin approved; only once every transfer to it is final.
   * Without a hot wallet on the refund's network the admin sends it by hand and gives its hash.
   */
  async function chainDecision(
    actorId: string,
    id: string,
    kind: 'requote' | 'refund',
    o: { notes: string; refundAddress?: string; payoutHash?: string },
  ): Promise<ExchangeRow> {
    const { row, after } = await db.transaction(async (tx) => {
      const r = await locked(tx, id);
      if (r.chainResolution !== null && r.chainResolution !== 'manual')
        throw conflict(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
      if ((await deps.chain.exchangeDeposits(tx, id)).some((d) => d.status === 'seen'))
        throw conflict(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
      const received = receivedOf(r);
      const src = await decimalsOf(r.sourceAssetId);
      const given = o.refundAddress?.trim();
      if (kind === 'refund' && given && !validAddress(src.ticker, given))
        throw badRequest(E.invalidRefundAddress, 'INVALID_REFUND_ADDRESS');
      if (kind === 'refund') deps.chain.refuseHotWallet(given || r.refundAddress || '');
      if (kind === 'refund' && !given && !r.refundAddress)
        throw badRequest(E.noRefundAddress(src.ticker), 'NO_REFUND_ADDRESS', undefined, {
          ticker: src.ticker,
        });
      let tasks: AfterCommit[];
      if (kind === 'refund' && !deps.chain.watched(src.ticker)?.payouts) {
        const hash = checkHash(src.ticker, o.payoutHash);
        if (!hash) throw badRequest(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
        const entry = chainRefundEntry('guest_exchange_refund', r.id, r.sourceAssetId, received);
        if (!(await deps.ledger.post(tx, entry))) throw conflict(E.alreadyRefunded, 'ALREADY_REFUNDED');
        const done = await updateExchange(tx, id, {
          status: TransactionStatus.failed,
          refundAddress: given || r.refundAddress,
          refundedAt: new Date(),
          adminNotes: o.notes || E.refundedNote,
          payoutHash: hash,
          chainResolution: 'refund',
          holdReason: null,
        });
        tasks = [() => deps.statusChanged(done)];
      } else {
        tasks = await deps.chainOps.resolve(tx, r, received, {
          kind,
          approvedBy: actorId,
          ...(given ? { refundAddress: given } : {}),
        });
      }
      const next = (await lockExchange(tx, id)) as ExchangeRow;
      const action = kind === 'refund' ? 'exchange.refund' : 'exchange.requote';
      await deps.audit.record(tx, exchangeAudit(actorId, action, r, next));
      return { row: next, after: tasks };
    });
    await runAfterCommit(after, () => undefined);
    return row;
  }

  return {
    /** Records what arrived (any status but success); the admin list then shows the difference. */
    async recordReceived(actorId: string, id: string, amountText: string): Promise<ExchangeRow> {
      const text = amountText.trim();
      if (!isDecimalString(text) || new Decimal(text).lte(0))
        throw badRequest(E.invalidReceived, 'INVALID_AMOUNT_RECEIVED');
      return db.transaction(async (tx) => {
        const r = await locked(tx, id);
        // On a watched network the chain says what arrived.
        if (r.network) throw conflict(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
        const src = await decimalsOf(r.sourceAssetId);
        const amount = new Decimal(text);
        if (!hasAtMostDecimals(amount, src.decimals))
          throw badRequest(tooManyDecimalsMessage(src.ticker, src.decimals), 'TOO_MANY_DECIMALS', undefined, {
            ticker: src.ticker,
            decimals: src.decimals,
          });
        const next = await updateExchange(tx, id, { amountReceived: toPlain(amount) });
        await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.received', r, next));
        return next;
      });
    },

    /** Success for the amount received at today's rate (same fee rate), posted in the ledger once. */
    async requote(actorId: string, id: string, notes: string, payoutHash?: string): Promise<ExchangeRow> {
      const current = await findExchange(db, id);
      if (current?.network) return chainDecision(actorId, id, 'requote', { notes });
      const { row, quoted } = await db.transaction(async (tx) => {
        const r = await locked(tx, id);
        const received = receivedOf(r);
        // The same amount is approved at its quote, unless that quote lapsed: then it is priced now.
        if (received.eq(r.amount) && !quoteLapsed(r, deps.expiryMinutes))
          throw conflict(E.noDifference, 'NO_DIFFERENCE');
        const [src, dst] = await Promise.all([decimalsOf(r.sourceAssetId), decimalsOf(r.destinationAssetId)]);
        const srcUsd = deps.prices.freshUsd(src.ticker);
        const rate = srcUsd.div(deps.prices.freshUsd(dst.ticker));
        const quote = commissionQuote(received, rate, r.feeRate, r.partnerCommissionRate, dst.decimals);
        if (quote.receive.lte(0))
          throw badRequest('This amount is too small to convert.', 'AMOUNT_TOO_SMALL');
        const next = await updateExchange(tx, id, {
          amount: toPlain(received),
          destinationAmount: toPlain(quote.receive),
          rate: toPlain(rate),
          fee: toPlain(quote.fee),
          ...(r.partnerCommissionRate === null ? {} : { partnerCommission: toPlain(quote.commission) }),
          usdValue: toPlain(received.mul(srcUsd).toDecimalPlaces(2)),
          quotedAmount: r.quotedAmount ?? r.amount,
          quotedDestinationAmount: r.quotedDestinationAmount ?? r.destinationAmount,
          requotedAt: new Date(),
          status: TransactionStatus.success,
          adminNotes: notes || null,
          payoutHash: checkHash(dst.ticker, payoutHash),
        });
        const entryId = await deps.ledger.post(tx, settlementEntry(next));
        if (!entryId) throw conflict(FINAL, 'EXCHANGE_FINAL');
        const row = await updateExchange(tx, id, { journalEntryId: entryId });
        await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.requote', r, row));
        return { row, quoted: { amount: r.amount, src: src.ticker, dst: dst.ticker } };
      });
      await deps.mail.send({
        to: row.email,
        ...requoteMail(
          row.language,
          {
            received: toPlain(row.amount),
            from: quoted.src,
            quoted: toPlain(quoted.amount),
            receive: toPlain(row.destinationAmount),
            to: quoted.dst,
          },
          deps.link(row.id),
        ),
      });
      await deps.statusChanged(row);
      return row;
    },

    /** Sends what arrived back to the refund address (the guest's, or one the admin enters): failed. */
    async refund(
      actorId: string,
      id: string,
      notes: string,
      opts: { payoutHash?: string; refundAddress?: string } = {},
    ): Promise<ExchangeRow> {
      const current = await findExchange(db, id);
      if (current?.network) return chainDecision(actorId, id, 'refund', { notes, ...opts });
      const row = await db.transaction(async (tx) => {
        const r = await locked(tx, id);
        const received = receivedOf(r);
        const src = await decimalsOf(r.sourceAssetId);
        const given = opts.refundAddress?.trim();
        if (given && !validAddress(src.ticker, given))
          throw badRequest(E.invalidRefundAddress, 'INVALID_REFUND_ADDRESS');
        const address = given || r.refundAddress;
        if (address) deps.chain.refuseHotWallet(address);
        if (!address)
          throw badRequest(E.noRefundAddress(src.ticker), 'NO_REFUND_ADDRESS', undefined, {
            ticker: src.ticker,
          });
        for (const entry of refundEntries(r, received)) {
          if (!(await deps.ledger.post(tx, entry))) throw conflict(E.alreadyRefunded, 'ALREADY_REFUNDED');
        }
        const next = await updateExchange(tx, id, {
          status: TransactionStatus.failed,
          refundAddress: address,
          refundedAt: new Date(),
          adminNotes: notes || E.refundedNote,
          payoutHash: checkHash(src.ticker, opts.payoutHash),
        });
        await deps.audit.record(tx, exchangeAudit(actorId, 'exchange.refund', r, next));
        return next;
      });
      const src = await decimalsOf(row.sourceAssetId);
      await deps.mail.send({
        to: row.email,
        ...refundMail(
          row.language,
          {
            received: toPlain(row.amountReceived ?? row.amount),
            from: src.ticker,
            address: row.refundAddress ?? '',
            hash: row.payoutHash,
          },
          deps.link(row.id),
        ),
      });
      await deps.statusChanged(row);
      return row;
    },
  };
}
export type ReceivedOps = ReturnType<typeof createReceivedOps>;
