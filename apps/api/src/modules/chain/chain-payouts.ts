import { Decimal, toPlain } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { LedgerService } from '../ledger/ledger.service';
import { updateNetwork } from './chain.repository';
import { type ChainAdapter, type HotWallet, PayoutRefusal } from './chain.types';
import { type PayoutOwner, runAfterCommit } from './chain-owners';
import { checkPaid, paidBy } from './payout-check';
import { createPayoutSigner, type PayoutSignerDeps } from './payout-sign';
import { movePayout, type PayoutRow, payoutsIn } from './payouts.repository';

export interface PayoutWorkerDeps extends Omit<PayoutSignerDeps, 'hooks'> {
  db: Db;
  adapter: ChainAdapter;
  confirmations: number;
  log: FastifyBaseLogger;
  ledger: Pick<LedgerService, 'post'>;
  assetId: (ticker: string) => Promise<string | undefined>;
  owners: Record<PayoutRow['purpose'], PayoutOwner>;
  /**
   * Test seams, awaited: right after a payout is stored signed, right after it is broadcast, and
   * inside the signing transaction once an automatic payout has passed the daily cap.
   */
  hooks?: PayoutSignerDeps['hooks'] & { afterBroadcast?: (p: PayoutRow) => unknown };
}

/** Calls to the node that prepare payouts, at most, in one pass (the rest wait for the next). */
const PREPARES_PER_PASS = 20;

/**
 * Sends the house's payouts on one network, exactly once (decision 0026). Only the job-lease holder
 * runs it. A payout is signed with a nonce taken in the database and stored, signed, with its hash,
 * before it is broadcast; a payout found signed (a crash in between, or a node that refused it) is
 * broadcast again, the same bytes, never signed anew. Then its receipt is followed until the
 * network's confirmations, and only then is its owner settled: a reorganisation before that which
 * mines it again as reverted fails it (decision 0042).
 */
export function createPayoutWorker(deps: PayoutWorkerDeps) {
  const { db, adapter, log } = deps;
  const network = adapter.network;
  const hot = adapter.hotWallet;
  const native = adapter.assets.find((a) => !a.contract);
  const afterError = (err: unknown) => log.error({ err, network }, `${network}: a payout follow-up failed`);
  let balancesReadAt = 0;
  /** When each waiting payout was last prepared (this process): the least recently tried go first. */
  const triedAt = new Map<string, number>();
  /** The confirmations each mined payout was last shown with (this process). */
  const shownConfirmations = new Map<string, number>();

  async function changed(p: PayoutRow | undefined) {
    if (p) await deps.owners[p.purpose].changed(p).catch(afterError);
  }

  /** Its owner shows the confirmations live: told when the count changed since last shown. */
  async function progress(p: PayoutRow, confirmations: number) {
    const owner = deps.owners[p.purpose];
    if (!owner.progress || shownConfirmations.get(p.id) === confirmations) return;
    shownConfirmations.set(p.id, confirmations);
    await owner.progress(p, confirmations, deps.confirmations).catch(afterError);
  }

  /** Offers a signed payout to the node; one the node refuses stays signed, with its words. */
  async function broadcast(w: HotWallet, p: PayoutRow): Promise<boolean> {
    try {
      await w.broadcast(p.rawTx as string);
    } catch (err) {
      if (!(err instanceof PayoutRefusal)) throw err;
      if (p.reason !== 'rejected' || p.lastError !== err.detail) {
        log.warn(
          { network, payout: p.id, error: err.detail },
          `${network}: ALERT the node refuses signed payout ${p.id} (${err.detail}); it is offered again on every pass`,
        );
        await changed(await movePayout(db, p.id, ['signed'], { reason: 'rejected', lastError: err.detail }));
      }
      return false;
    }
    await deps.hooks?.afterBroadcast?.(p);
    await changed(await movePayout(db, p.id, ['signed'], { status: 'sent', reason: null, lastError: null }));
    return true;
  }

  const feeOf = (raw: bigint) =>
    toPlain(new Decimal(raw.toString()).div(new Decimal(10).pow(native?.decimals ?? 18)));

  async function follow(w: HotWallet, p: PayoutRow): Promise<void> {
    let receipt = await w.receipt(p.txHash as string);
    if (!receipt && p.status === 'sent' && p.nonce !== null && (await w.minedSequence()) > p.nonce) {
      // The nonce is used on chain. If by this very transaction, mined between the two reads above,
      // its receipt is there now (the sequence was read first): never call our own payout taken.
      receipt = await w.receipt(p.txHash as string);
      if (!receipt) {
        await nonceTaken(p);
        return;
      }
    }
    if (!receipt) {
      if (p.status === 'mined') {
        // Its block was reorganised away: the same signed transaction goes out again.
        log.warn(
          { network, payout: p.id },
          `${network}: payout ${p.txHash} left the chain; sending it again`,
        );
        await changed(await movePayout(db, p.id, ['mined'], { status: 'sent', blockNumber: null }));
      }
      // Not mined yet (or dropped from the node's pool): sending the same bytes again costs nothing.
      if (p.rawTx) await w.broadcast(p.rawTx).catch(() => undefined);
      return;
    }
    const at = { blockNumber: receipt.blockNumber, networkFee: feeOf(receipt.feeRaw) };
    // Mined again as reverted after a reorganisation counts as much as reverted the first time.
    if (receipt.status === 'reverted') await settle(p, 'failed', { reason: 'reverted', ...at });
    else if (receipt.confirmations >= deps.confirmations)
      await settle(p, 'confirmed', { ...at, minedAt: p.minedAt ?? new Date() });
    else {
      if (p.status === 'sent' || p.blockNumber !== receipt.blockNumber)
        await changed(
          await movePayout(db, p.id, [p.status], { status: 'mined', ...at, minedAt: new Date() }),
        );
      await progress(p, receipt.confirmations);
    }
    // The hot wallet's balances changed: read them again on this pass.
    if (p.status === 'sent') balancesReadAt = 0;
  }

  /**
   * Another transaction of the hot wallet used its nonce: an operator's replacement (a speed-up
   * pays it, a cancellation does not) or anything else sent with the key. Paid by it: recorded as
   * mined by that transaction; otherwise failed (an admin's Retry checks again first).
   */
  async function nonceTaken(p: PayoutRow): Promise<void> {
    const ticker = await deps.tickerOf(p.assetId);
    const asset = adapter.assets.find((a) => a.ticker === ticker);
    const check = asset ? await checkPaid(db, adapter, p, asset) : undefined;
    if (check?.answer === 'paid') {
      log.warn(
        { network, payout: p.id, by: check.by.hash },
        `${network}: payout ${p.id} was paid by ${check.by.hash}, another transaction of the hot wallet`,
      );
      await changed(await movePayout(db, p.id, ['sent'], paidBy(p, check.by)));
      return;
    }
    await settle(p, 'failed', { reason: 'nonceTaken', networkFee: null });
  }

  /** -> confirmed (the owner settles) or -> failed, the network fee booked, in one transaction. */
  async function settle(p: PayoutRow, to: 'confirmed' | 'failed', set: Partial<PayoutRow>) {
    const after = await db.transaction(async (tx) => {
      const row = await movePayout(tx, p.id, ['sent', 'mined'], { status: to, ...set });
      shownConfirmations.delete(p.id);
      if (!row) return [];
      const nativeId = native ? await deps.assetId(native.ticker) : undefined;
      if (row.networkFee && nativeId && new Decimal(row.networkFee).gt(0)) {
        const fee = new Decimal(row.networkFee);
        await deps.ledger.post(tx, {
          kind: 'chain_fee',
          reference: row.id,
          memo: `${network} network fee`,
          legs: [
            { owner: { kind: 'house' }, assetId: nativeId, amount: fee.neg() },
            { owner: { kind: 'external' }, assetId: nativeId, amount: fee },
          ],
        });
      }
      const owner = deps.owners[row.purpose];
      return to === 'confirmed' ? owner.mined(tx, row) : owner.failed(tx, row);
    });
    await runAfterCommit(after, afterError);
  }

  const send = createPayoutSigner(deps, { changed, broadcast });

  /** The hot wallet's balances, read again and shown in the back office. */
  async function readBalances(w: HotWallet) {
    const balances = await w.balances();
    balancesReadAt = Date.now();
    await updateNetwork(db, network, {
      hotWalletAddress: w.address,
      hotWalletBalances: JSON.stringify(
        Object.fromEntries(
          adapter.assets.map((a) => [
            a.ticker,
            toPlain(
              new Decimal((balances.get(a.ticker) ?? 0n).toString()).div(new Decimal(10).pow(a.decimals)),
            ),
          ]),
        ),
      ),
    });
    return balances;
  }

  return {
    /** One pass; returns how many payouts it sent or moved on. */
    async pass(check: () => void = () => undefined): Promise<number> {
      if (!hot) return 0;
      let done = 0;
      for (const p of await payoutsIn(db, network, ['signed'])) {
        check();
        if (await broadcast(hot, p)) done++;
      }
      for (const p of await payoutsIn(db, network, ['sent', 'mined'])) {
        check();
        await follow(hot, p);
      }
      const waiting = (await payoutsIn(db, network, ['queued', 'funds'], 500)).sort(
        (a, b) => (triedAt.get(a.id) ?? 0) - (triedAt.get(b.id) ?? 0),
      );
      if (waiting.length > 0 || Date.now() - balancesReadAt > 30_000) {
        const balances = await readBalances(hot);
        let asked = 0;
        for (const p of waiting) {
          if (asked >= PREPARES_PER_PASS) break;
          check();
          const r = await send(hot, p, balances);
          if (r.asked) {
            asked++;
            triedAt.set(p.id, Date.now());
          }
          if (r.sent) done++;
        }
        for (const id of triedAt.keys()) if (!waiting.some((p) => p.id === id)) triedAt.delete(id);
      }
      return done;
    },
  };
}
