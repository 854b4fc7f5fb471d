import { Decimal, type PayoutReason, toPlain } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { LedgerService } from '../ledger/ledger.service';
import { updateNetwork } from './chain.repository';
import type { ChainAdapter, HotWallet } from './chain.types';
import { type PayoutOwner, runAfterCommit } from './chain-owners';
import { autoSentUsd, movePayout, type PayoutRow, payoutsIn, takeNonce } from './payouts.repository';

export interface PayoutWorkerDeps {
  db: Db;
  adapter: ChainAdapter;
  confirmations: number;
  log: FastifyBaseLogger;
  ledger: Pick<LedgerService, 'post'>;
  assetId: (ticker: string) => Promise<string | undefined>;
  tickerOf: (assetId: string) => Promise<string | undefined>;
  owners: Record<PayoutRow['purpose'], PayoutOwner>;
  autoPayoutMaxUsd: Decimal;
  autoPayoutDailyMaxUsd: Decimal;
  /** Test seams: called (and awaited) right after a payout is stored signed, and right after it is broadcast. */
  hooks?: {
    afterSign?: (p: PayoutRow) => void | Promise<void>;
    afterBroadcast?: (p: PayoutRow) => void | Promise<void>;
  };
}

class PayoutMoved extends Error {}

const unitsOf = (amount: string, decimals: number) =>
  BigInt(new Decimal(amount).mul(new Decimal(10).pow(decimals)).toFixed(0, Decimal.ROUND_DOWN));

/**
 * Sends the house's payouts on one network, exactly once (decision 0026). Only the job-lease holder
 * runs it. A payout is signed with a nonce taken in the database and stored, signed, with its hash,
 * before it is broadcast; a payout found signed (a crash in between) is broadcast again, the same
 * bytes, never signed anew. Then its receipt is followed until the network's confirmations.
 */
export function createPayoutWorker(deps: PayoutWorkerDeps) {
  const { db, adapter, log } = deps;
  const network = adapter.network;
  const hot = adapter.hotWallet;
  const afterError = (err: unknown) => log.error({ err, network }, `${network}: a payout follow-up failed`);
  let balancesReadAt = 0;

  async function changed(p: PayoutRow | undefined) {
    if (p) await deps.owners[p.purpose].changed(p).catch(afterError);
  }

  async function broadcast(w: HotWallet, p: PayoutRow): Promise<void> {
    await w.broadcast(p.rawTx as string);
    await deps.hooks?.afterBroadcast?.(p);
    await changed(await movePayout(db, p.id, ['signed'], { status: 'sent' }));
  }

  async function follow(w: HotWallet, p: PayoutRow): Promise<void> {
    let receipt = await w.receipt(p.txHash as string);
    if (!receipt && p.status === 'sent' && p.nonce !== null && (await w.minedSequence()) > p.nonce) {
      // The nonce is used on chain. If by this very transaction, mined between the two reads above,
      // its receipt is there now (the sequence was read first): never call our own payout taken.
      receipt = await w.receipt(p.txHash as string);
      if (!receipt) {
        await settle(p, 'failed', { reason: 'nonceTaken' });
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
        await w.broadcast(p.rawTx as string);
        await changed(await movePayout(db, p.id, ['mined'], { status: 'sent', blockNumber: null }));
        return;
      }
      // Not mined yet (or dropped from the node's pool): sending the same bytes again costs nothing.
      await w.broadcast(p.rawTx as string).catch(() => undefined);
      return;
    }
    if (receipt.status === 'reverted') {
      await settle(p, 'failed', { reason: 'reverted', blockNumber: receipt.blockNumber });
      return;
    }
    const native = adapter.assets.find((a) => !a.contract);
    const fee = toPlain(
      new Decimal(receipt.feeRaw.toString()).div(new Decimal(10).pow(native?.decimals ?? 18)),
    );
    if (p.status === 'sent') {
      await settle(p, 'mined', { blockNumber: receipt.blockNumber, networkFee: fee });
      // The hot wallet's balances changed: read them again on this pass.
      balancesReadAt = 0;
    } else if (receipt.confirmations >= deps.confirmations)
      await changed(await movePayout(db, p.id, ['mined'], { status: 'confirmed' }));
  }

  /** sent -> mined (the owner settles, the network fee is booked) or -> failed, in one transaction. */
  async function settle(p: PayoutRow, to: 'mined' | 'failed', set: Partial<PayoutRow>) {
    const after = await db.transaction(async (tx) => {
      const row = await movePayout(tx, p.id, ['sent'], {
        status: to,
        ...set,
        ...(to === 'mined' ? { minedAt: new Date() } : {}),
      });
      if (!row) return [];
      const native = adapter.assets.find((a) => !a.contract);
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
      return to === 'mined' ? owner.mined(tx, row) : owner.failed(tx, row);
    });
    await runAfterCommit(after, afterError);
  }

  /** queued (or waiting for funds) -> approval, funds, or signed and sent. */
  async function send(w: HotWallet, p: PayoutRow, balances: Map<string, bigint>): Promise<boolean> {
    const ticker = await deps.tickerOf(p.assetId);
    const asset = adapter.assets.find((a) => a.ticker === ticker);
    if (!ticker || !asset) return false;
    if (!p.approvedBy) {
      const usd = new Decimal(p.usdValue);
      let reason: PayoutReason | undefined;
      if (usd.gt(deps.autoPayoutMaxUsd)) reason = 'overLimit';
      else if (new Decimal(await autoSentUsd(db, network)).plus(usd).gt(deps.autoPayoutDailyMaxUsd))
        reason = 'overDailyCap';
      if (reason) {
        await changed(await movePayout(db, p.id, ['queued', 'funds'], { status: 'approval', reason }));
        return false;
      }
    }
    const amountRaw = unitsOf(p.amount, asset.decimals);
    const nativeTicker = adapter.assets.find((a) => !a.contract)?.ticker ?? '';
    const prepared = await w.prepare({ ticker, to: p.toAddress, amountRaw }).catch(() => undefined);
    const have = balances.get(ticker) ?? 0n;
    const gas = balances.get(nativeTicker) ?? 0n;
    const short =
      !prepared ||
      (asset.contract ? have < amountRaw || gas < prepared.maxFeeRaw : have < amountRaw + prepared.maxFeeRaw);
    if (short) {
      if (p.status !== 'funds') {
        log.warn(
          { network, payout: p.id, ticker },
          `${network}: ALERT hot wallet ${w.address} holds too little ${ticker} (or gas) for payout ${p.id}; it waits`,
        );
        await changed(await movePayout(db, p.id, ['queued'], { status: 'funds', reason: 'funds' }));
      }
      return false;
    }
    const pending = await w.pendingSequence();
    const signed = await db
      .transaction(async (tx) => {
        const nonce = await takeNonce(tx, network, pending);
        const { raw, hash } = await prepared.sign(nonce);
        const row = await movePayout(tx, p.id, ['queued', 'funds'], {
          status: 'signed',
          reason: null,
          nonce,
          rawTx: raw,
          txHash: hash,
          signedAt: new Date(),
          attempts: p.attempts + 1,
        });
        // Moved by someone else meanwhile: the nonce taken must not be spent (a gap stops the wallet).
        if (!row) throw new PayoutMoved();
        return row;
      })
      .catch((err) => {
        if (err instanceof PayoutMoved) return undefined;
        throw err;
      });
    if (!signed) return false;
    await deps.hooks?.afterSign?.(signed);
    await changed(signed);
    await broadcast(w, signed);
    // What this payout takes is no longer there for the next one in this pass.
    balances.set(ticker, have - amountRaw);
    return true;
  }

  return {
    /** One pass; returns how many payouts it signed or moved on. */
    async pass(): Promise<number> {
      if (!hot) return 0;
      let done = 0;
      for (const p of await payoutsIn(db, network, ['signed'])) {
        await broadcast(hot, p);
        done++;
      }
      for (const p of await payoutsIn(db, network, ['sent', 'mined'])) await follow(hot, p);
      const waiting = await payoutsIn(db, network, ['queued', 'funds'], 20);
      if (waiting.length > 0 || Date.now() - balancesReadAt > 30_000) {
        const balances = await hot.balances();
        balancesReadAt = Date.now();
        await updateNetwork(db, network, {
          hotWalletAddress: hot.address,
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
        for (const p of waiting) if (await send(hot, p, balances)) done++;
      }
      return done;
    },
  };
}
