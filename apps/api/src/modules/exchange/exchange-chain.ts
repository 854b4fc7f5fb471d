import {
  CHAIN_ERRORS,
  conversionQuote,
  Decimal,
  EXCHANGE_RECEIVED_ERRORS,
  type HoldReason,
  TransactionStatus,
  toPlain,
} from '@vaultline/shared';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { ChainDepositRow } from '../chain/chain.repository';
import type { ChainService } from '../chain/chain.service';
import type { AfterCommit, DepositOwner, PayoutOwner } from '../chain/chain-owners';
import type { PayoutRow } from '../chain/payouts.repository';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import {
  type ExchangeRow,
  findExchanges,
  lockExchange,
  lockExchanges,
  markDepositsSeen,
  type ProgressRow,
  setAmountsReceived,
  setConfirmations,
  setPayoutState,
  updateExchange,
} from './exchange.repository';
import { chainDepositEntry, chainRefundEntry, chainSettlementEntry } from './exchange-settlement';
import { refundMail, requoteMail } from './received-mail';

export const EXPIRED_NOTE = 'Expired';

/** The chain service as the exchange module uses it. */
export type ExchangeChainPort = Pick<
  ChainService,
  | 'watched'
  | 'requestPayout'
  | 'exchangeDeposits'
  | 'depositsOfExchanges'
  | 'holdDeposits'
  | 'setDeposit'
  | 'reserveAddress'
  | 'bindExchange'
  | 'claimHash'
  | 'explorerUrl'
  | 'livePayout'
  | 'lockDeposit'
  | 'testDeposit'
>;

export interface ExchangeChainDeps {
  db: Db;
  catalog: Pick<AssetCatalog, 'byId'>;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  ledger: Pick<LedgerService, 'post' | 'postMany'>;
  chain: ExchangeChainPort;
  mail: Pick<MailService, 'send'>;
  link: (id: string) => string;
  expiryMinutes: number;
  /** Feed and status e-mail of a committed status change (and of several at once). */
  statusChanged: (r: ExchangeRow) => Promise<void>;
  statusChangedMany: (rows: ExchangeRow[]) => Promise<void>;
  /** Feed only: the confirmations or the payout moved, the status did not. */
  pushProgress: (r: ProgressRow) => void;
}

type Kind = 'quote' | 'requote' | 'refund';

const sum = (rows: { amount: string }[]) => rows.reduce((s, r) => s.plus(r.amount), new Decimal(0));

/** An exchange expired unpaid, then paid: its deposit is late, and settled at today's rate. */
export const expiredUnsettled = (r: ExchangeRow) =>
  r.status === TransactionStatus.failed &&
  r.adminNotes === EXPIRED_NOTE &&
  r.chainResolution === null &&
  r.refundedAt === null &&
  r.journalEntryId === null;

/**
 * Guest exchanges on watched networks (DECISIONS §10, decision 0026): what arrives at an exchange's
 * own address moves it on by itself, and at the required confirmations it is settled by the
 * received-amount rules of the back office: the quote when exactly the quote arrived in time, a
 * requote at today's rate when another amount or a late one did, a refund when that is below the
 * minimum; paid out automatically, or held for an admin with the reason. Nothing is ignored: a
 * transfer after the exchange was settled, or of another asset, is refunded or held too.
 */
export function createExchangeChain(deps: ExchangeChainDeps) {
  const { chain } = deps;
  const ticker = async (assetId: string) => (await deps.catalog.byId(assetId))?.ticker ?? '';
  const expiresAt = (r: ExchangeRow) => r.creationDate.getTime() + deps.expiryMinutes * 60_000;

  async function hold(
    tx: DbOrTx,
    r: ExchangeRow,
    set: Partial<ExchangeRow>,
    reason: HoldReason,
  ): Promise<AfterCommit[]> {
    const next = await updateExchange(tx, r.id, {
      ...set,
      status: TransactionStatus.pending,
      holdReason: reason,
    });
    return [r.status !== next.status ? () => deps.statusChanged(next) : () => deps.pushProgress(next)];
  }

  /**
   * Decides a watched exchange once everything sent to it is final (or an admin decides it): the
   * amount received is recorded, and the payout or the refund is asked of the chain module.
   */
  async function resolve(
    tx: DbOrTx,
    r: ExchangeRow,
    received: Decimal,
    o: { kind?: Kind; approvedBy?: string; refundAddress?: string; late?: boolean } = {},
  ): Promise<AfterCommit[]> {
    const [src, dst] = await Promise.all([ticker(r.sourceAssetId), ticker(r.destinationAssetId)]);
    let set: Partial<ExchangeRow> = { amountReceived: toPlain(received) };
    let kind: Kind = o.kind ?? (!o.late && received.eq(r.amount) ? 'quote' : 'requote');
    if (kind === 'requote') {
      let srcUsd: Decimal;
      let dstUsd: Decimal;
      try {
        srcUsd = deps.prices.freshUsd(src);
        dstUsd = deps.prices.freshUsd(dst);
      } catch {
        return hold(tx, r, set, 'pricesStale');
      }
      const rate = srcUsd.div(dstUsd);
      const quote = conversionQuote(
        received,
        rate,
        r.feeRate,
        (await deps.catalog.byId(r.destinationAssetId))?.decimals ?? 8,
      );
      const usd = received.mul(srcUsd);
      const min = new Decimal((await deps.system.publicSettings(tx)).minimumTransactionAmount);
      if (quote.receive.lte(0) || (usd.lt(min) && !o.approvedBy)) kind = 'refund';
      else
        set = {
          ...set,
          amount: toPlain(received),
          destinationAmount: toPlain(quote.receive),
          rate: toPlain(rate),
          fee: toPlain(quote.fee),
          usdValue: toPlain(usd.toDecimalPlaces(2)),
          quotedAmount: r.quotedAmount ?? r.amount,
          quotedDestinationAmount: r.quotedDestinationAmount ?? r.destinationAmount,
          requotedAt: new Date(),
        };
    }
    const after: AfterCommit[] = [];
    if (kind === 'refund') {
      const to = o.refundAddress ?? r.refundAddress;
      if (!to) return hold(tx, r, set, 'noRefundAddress');
      if (!chain.watched(src)?.payouts) return hold(tx, r, { ...set, refundAddress: to }, 'manualRefund');
      await chain.requestPayout(tx, {
        ticker: src,
        to,
        amount: received,
        usdValue: new Decimal(r.usdValue).div(r.amount).mul(received),
        purpose: 'exchange_refund',
        reference: r.id,
        ...(o.approvedBy ? { approvedBy: o.approvedBy } : {}),
      });
      set = { ...set, refundAddress: to };
    } else {
      if (!chain.watched(dst)?.payouts)
        return hold(tx, r, { ...set, chainResolution: 'manual' }, 'manualPayout');
      await chain.requestPayout(tx, {
        ticker: dst,
        to: r.destinationAddress,
        amount: new Decimal(set.destinationAmount ?? r.destinationAmount),
        usdValue: new Decimal(set.usdValue ?? r.usdValue),
        purpose: 'exchange_payout',
        reference: r.id,
        ...(o.approvedBy ? { approvedBy: o.approvedBy } : {}),
      });
      if (kind === 'requote') {
        const quoted = r.amount;
        after.push(() =>
          deps.mail.send({
            to: r.email,
            ...requoteMail(
              r.language,
              {
                received: toPlain(received),
                from: src,
                quoted: toPlain(quoted),
                receive: toPlain(set.destinationAmount ?? r.destinationAmount),
                to: dst,
              },
              deps.link(r.id),
            ),
          }),
        );
      }
    }
    const next = await updateExchange(tx, r.id, {
      ...set,
      status: TransactionStatus.pending,
      adminNotes: r.status === TransactionStatus.failed ? null : r.adminNotes,
      depositConfirmations: r.requiredConfirmations,
      chainResolution: kind,
      holdReason: null,
      payoutStatus: 'queued',
    });
    after.unshift(r.status !== next.status ? () => deps.statusChanged(next) : () => deps.pushProgress(next));
    return after;
  }

  /**
   * Transfers after their exchange was settled, or of another asset: held with the reason (one
   * statement), and sent back to the refund address where the exchange has one and the network a
   * hot wallet (else an admin refunds them from Networks).
   */
  async function extras(
    tx: DbOrTx,
    held: { r: ExchangeRow; d: ChainDepositRow; reason: HoldReason }[],
  ): Promise<void> {
    await chain.holdDeposits(
      tx,
      held.map((h) => ({ id: h.d.id, reason: h.reason })),
    );
    for (const { r, d } of held) {
      const t = await ticker(d.assetId);
      if (!r.refundAddress || !chain.watched(t)?.payouts) continue;
      let usd: Decimal;
      try {
        usd = deps.prices.freshUsd(t).mul(d.amount);
      } catch {
        continue;
      }
      await chain.requestPayout(tx, {
        ticker: t,
        to: r.refundAddress,
        amount: new Decimal(d.amount),
        usdValue: usd,
        purpose: 'deposit_refund',
        reference: d.id,
      });
    }
  }

  const settledAlready = (r: ExchangeRow) =>
    r.chainResolution !== null ||
    r.status === TransactionStatus.success ||
    r.refundedAt !== null ||
    (r.status === TransactionStatus.failed && !expiredUnsettled(r));

  const owner: DepositOwner = {
    async seen(tx, deposits) {
      // The first transfer of each exchange (in its source asset) moves it on; one statement for all.
      const first = new Map<string, ChainDepositRow>();
      for (const d of deposits) if (d.exchangeId && !first.has(d.exchangeId)) first.set(d.exchangeId, d);
      const moved = await markDepositsSeen(
        tx,
        [...first.values()].map((d) => ({
          id: d.exchangeId as string,
          tx: d.txHash,
          sender: d.fromAddress,
          asset: d.assetId,
        })),
        EXPIRED_NOTE,
      );
      const rows = await findExchanges(tx, moved);
      return rows.length > 0 ? [() => deps.statusChangedMany(rows)] : [];
    },

    async orphaned(tx, deposits) {
      const after: AfterCommit[] = [];
      for (const id of new Set(deposits.map((d) => d.exchangeId as string))) {
        const r = await lockExchange(tx, id);
        if (!r || r.status !== TransactionStatus.pending || r.chainResolution !== null) continue;
        const left = (await chain.exchangeDeposits(tx, id)).filter(
          (d) => d.assetId === r.sourceAssetId && d.status !== 'orphaned',
        );
        if (left.length > 0) continue;
        // Its only deposit left the chain: waiting for it again (or for another).
        const next = await updateExchange(tx, id, {
          status: TransactionStatus.awaitingVerification,
          transactionHash: null,
          depositConfirmations: null,
          amountReceived: null,
        });
        after.push(() => deps.statusChanged(next));
      }
      return after;
    },

    async progress(deposits) {
      const counts = new Map<string, number>();
      for (const d of deposits) {
        const id = d.exchangeId as string;
        counts.set(id, Math.min(counts.get(id) ?? Number.POSITIVE_INFINITY, d.confirmations));
      }
      const rows = await setConfirmations(
        deps.db,
        [...counts].map(([id, c]) => ({ id, c })),
      );
      for (const r of rows) deps.pushProgress(r);
    },

    async final(tx, ds) {
      // A block's worth at once: each transfer booked, the exchanges locked and read in one go.
      await deps.ledger.postMany(tx, ds.map(chainDepositEntry));
      const ids = [...new Set(ds.map((d) => d.exchangeId as string))];
      const [rows, all] = [await lockExchanges(tx, ids), await chain.depositsOfExchanges(tx, ids)];
      const after: AfterCommit[] = [];
      const held: { r: ExchangeRow; d: ChainDepositRow; reason: HoldReason }[] = [];
      const partial: { id: string; amount: string; push: boolean }[] = [];
      for (const r of rows) {
        const now = ds.filter((d) => d.exchangeId === r.id);
        for (const d of now) if (d.assetId !== r.sourceAssetId) held.push({ r, d, reason: 'wrongAsset' });
        const srcNow = now.filter((d) => d.assetId === r.sourceAssetId);
        if (srcNow.length === 0) continue;
        if (settledAlready(r)) {
          for (const d of srcNow) held.push({ r, d, reason: 'afterSettlement' });
          continue;
        }
        const mine = all.filter((x) => x.exchangeId === r.id && x.assetId === r.sourceAssetId);
        if (mine.some((x) => x.status === 'seen')) continue;
        const finals = mine.filter((x) => x.status === 'final');
        const received = sum(finals);
        // An admin holds it: what arrived is recorded, the admin decides.
        if (r.status === TransactionStatus.notProcessed) {
          partial.push({ id: r.id, amount: toPlain(received), push: false });
          continue;
        }
        const firstSeen = Math.min(...finals.map((x) => x.createdAt.getTime()));
        const late = r.status === TransactionStatus.failed || firstSeen > expiresAt(r);
        // Part of the quote so far: the guest may send the rest until the exchange's time is up
        // (then the expiry pass settles what arrived, settleShort).
        if (!late && received.lt(r.amount) && Date.now() < expiresAt(r)) {
          partial.push({ id: r.id, amount: toPlain(received), push: true });
          continue;
        }
        after.push(...(await resolve(tx, r, received, { late })));
      }
      await extras(tx, held);
      const shown = new Set(partial.filter((p) => p.push).map((p) => p.id));
      for (const r of await setAmountsReceived(tx, partial))
        if (shown.has(r.id)) after.push(() => deps.pushProgress(r));
      return after;
    },
  };

  /**
   * A watched exchange that received less than its quote and whose time is up: settled now with
   * what arrived (a requote, or a refund below the minimum). Run by the expiry pass.
   */
  async function settleShort(tx: DbOrTx, id: string): Promise<AfterCommit[]> {
    const r = await lockExchange(tx, id);
    if (!r || r.status !== TransactionStatus.pending || r.chainResolution !== null || r.holdReason) return [];
    const mine = (await chain.exchangeDeposits(tx, r.id)).filter((x) => x.assetId === r.sourceAssetId);
    if (mine.length === 0 || mine.some((x) => x.status === 'seen')) return [];
    return resolve(tx, r, sum(mine.filter((x) => x.status === 'final')), { late: true });
  }

  const payoutOwner = (purpose: 'exchange_payout' | 'exchange_refund'): PayoutOwner => ({
    async changed(p) {
      const r = await setPayoutState(deps.db, p.reference, p.status, p.txHash);
      if (r) deps.pushProgress(r);
    },
    async mined(tx, p) {
      const r = await lockExchange(tx, p.reference);
      if (!r || r.status === TransactionStatus.success) return [];
      if (purpose === 'exchange_payout') {
        const entryId = await deps.ledger.post(tx, chainSettlementEntry(r));
        const next = await updateExchange(tx, r.id, {
          status: TransactionStatus.success,
          payoutHash: p.txHash,
          payoutStatus: 'mined',
          holdReason: null,
          journalEntryId: entryId ?? r.journalEntryId,
        });
        return [() => deps.statusChanged(next)];
      }
      await deps.ledger.post(
        tx,
        chainRefundEntry('guest_exchange_refund', r.id, r.sourceAssetId, new Decimal(p.amount)),
      );
      const next = await updateExchange(tx, r.id, {
        status: TransactionStatus.failed,
        payoutHash: p.txHash,
        payoutStatus: 'mined',
        refundedAt: new Date(),
        refundAddress: p.toAddress,
        adminNotes: EXCHANGE_RECEIVED_ERRORS.refundedNote,
        holdReason: null,
      });
      const src = await ticker(r.sourceAssetId);
      return [
        () => deps.statusChanged(next),
        () =>
          deps.mail.send({
            to: next.email,
            ...refundMail(
              next.language,
              { received: toPlain(p.amount), from: src, address: p.toAddress, hash: p.txHash },
              deps.link(next.id),
            ),
          }),
      ];
    },
    async failed(tx, p) {
      const next = await updateExchange(tx, p.reference, {
        payoutStatus: 'failed',
        holdReason: 'payoutFailed',
      });
      return [() => deps.pushProgress(next)];
    },
  });

  const depositRefundOwner: PayoutOwner = {
    changed: async () => undefined,
    async mined(tx, p: PayoutRow) {
      await deps.ledger.post(
        tx,
        chainRefundEntry('chain_deposit_refund', p.reference, p.assetId, new Decimal(p.amount)),
      );
      return [];
    },
    failed: async () => [],
  };

  /**
   * An admin sends back a transfer held for them (after settlement, another asset): as a payout the
   * admin approved, or, on a network without a hot wallet, recorded with the hash of the transfer
   * they made by hand. Returns the transfer's ticker, for the audit row.
   */
  async function refundHeld(
    tx: DbOrTx,
    actorId: string,
    d: ChainDepositRow,
    address: string,
    payoutHash: string | undefined,
  ): Promise<void> {
    const t = await ticker(d.assetId);
    const amount = new Decimal(d.amount);
    if (chain.watched(t)?.payouts) {
      let usd = new Decimal(0);
      try {
        usd = deps.prices.freshUsd(t).mul(amount);
      } catch {
        // An admin approved it: the value only feeds the daily total.
      }
      await chain.requestPayout(tx, {
        ticker: t,
        to: address,
        amount,
        usdValue: usd,
        purpose: 'deposit_refund',
        reference: d.id,
        approvedBy: actorId,
      });
      return;
    }
    if (!payoutHash) throw badRequest(CHAIN_ERRORS.chainManaged, 'CHAIN_MANAGED');
    await deps.ledger.post(tx, chainRefundEntry('chain_deposit_refund', d.id, d.assetId, amount));
    await chain.setDeposit(tx, d.id, { holdReason: null });
  }

  return {
    owner,
    refundHeld,
    settleShort,
    payoutOwners: {
      exchange_payout: payoutOwner('exchange_payout'),
      exchange_refund: payoutOwner('exchange_refund'),
      deposit_refund: depositRefundOwner,
    },
    resolve,
    sum,
  };
}
export type ExchangeChain = ReturnType<typeof createExchangeChain>;
