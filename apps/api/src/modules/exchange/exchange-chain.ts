import { Decimal, type HoldReason, TransactionStatus, toPlain } from '@vaultline/shared';
import type { DbOrTx } from '../../db/client';
import type { ChainDepositRow } from '../chain/chain.repository';
import type { AfterCommit, DepositOwner } from '../chain/chain-owners';
import { type ExchangeRow, findExchanges, lockExchange, updateExchange } from './exchange.repository';
import {
  lockExchanges,
  markDepositsSeen,
  setAmountsReceived,
  setConfirmations,
} from './exchange-chain.repository';
import type { ExchangeChainDeps } from './exchange-deps';
import { createExchangePayouts } from './exchange-payouts';
import { createExchangeResolve } from './exchange-resolve';
import { chainDepositEntry } from './exchange-settlement';

export const EXPIRED_NOTE = 'Expired';

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

  const resolve = createExchangeResolve(deps, ticker);
  const payouts = createExchangePayouts(deps, ticker, resolve);

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
        if (left.some((d) => d.status === 'seen')) continue;
        if (left.length > 0) {
          // What is left is final: it is what arrived (an admin may requote or refund it now, and
          // the expiry pass settles it once the exchange's time is up, if the transfer that left
          // the chain is not mined again by then).
          const [next] = await setAmountsReceived(tx, [{ id, amount: toPlain(sum(left)) }]);
          if (next) after.push(() => deps.pushProgress(next));
          continue;
        }
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
   * A watched exchange whose time is up, with final transfers and none still confirming: settled
   * now with what is final (a requote, a refund below the minimum, or its quote when exactly the
   * quote arrived in time). It received less than its quote, or a transfer of it left the chain for
   * good after the others were final. Run by the expiry pass.
   */
  async function settleShort(tx: DbOrTx, id: string): Promise<AfterCommit[]> {
    const r = await lockExchange(tx, id);
    if (!r || r.status !== TransactionStatus.pending || r.chainResolution !== null || r.holdReason) return [];
    const mine = (await chain.exchangeDeposits(tx, r.id)).filter((x) => x.assetId === r.sourceAssetId);
    const finals = mine.filter((x) => x.status === 'final');
    if (finals.length === 0 || mine.some((x) => x.status === 'seen')) return [];
    const late = Math.min(...finals.map((x) => x.createdAt.getTime())) > expiresAt(r);
    return resolve(tx, r, sum(finals), { late });
  }

  return {
    owner,
    refundHeld: payouts.refundHeld,
    settleShort,
    payoutOwners: payouts.payoutOwners,
    resolve,
    sum,
  };
}
export type ExchangeChain = ReturnType<typeof createExchangeChain>;
