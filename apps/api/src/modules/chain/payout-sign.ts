import { Decimal, type PayoutReason, toPlain } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type ChainAdapter, type HotWallet, PayoutRefusal } from './chain.types';
import { unitsOf } from './payout-check';
import {
  autoSentUsd,
  lockAutoPayoutCap,
  movePayout,
  type PayoutRow,
  type PayoutStatus,
  takeNonce,
} from './payouts.repository';

export interface PayoutSignerDeps {
  db: Db;
  adapter: ChainAdapter;
  log: FastifyBaseLogger;
  tickerOf: (assetId: string) => Promise<string | undefined>;
  /** USD per unit from the rate service, undefined when it has no fresh price. */
  usdPrice: (ticker: string) => Decimal | undefined;
  autoPayoutMaxUsd: Decimal;
  autoPayoutDailyMaxUsd: Decimal;
  hooks?: {
    /** Inside the signing transaction, once an automatic payout has passed the daily cap. */
    afterCapCheck?: (p: PayoutRow) => unknown;
    afterSign?: (p: PayoutRow) => unknown;
  };
}

class PayoutMoved extends Error {}

/** Kept on a payout found at signing to pay the hot wallet itself (reason `hotWallet`). */
export const HOT_WALLET_DETAIL = 'the payout address is the hot wallet itself';

const WAITING: PayoutStatus[] = ['queued', 'funds'];

/**
 * Takes a waiting payout (queued, or waiting for funds) as far as it can go on this pass: valued
 * now, checked against the automatic limits, prepared by the node, then signed and stored. What
 * stops it gives it a state and a reason of its own; none of them holds up the next payout.
 */
export function createPayoutSigner(
  deps: PayoutSignerDeps,
  after: {
    changed: (p: PayoutRow | undefined) => Promise<void>;
    broadcast: (w: HotWallet, p: PayoutRow) => Promise<boolean>;
  },
) {
  const { db, adapter, log } = deps;
  const network = adapter.network;
  const nativeTicker = adapter.assets.find((a) => !a.contract)?.ticker ?? '';
  const overCap = (sent: string, usd: Decimal) => new Decimal(sent).plus(usd).gt(deps.autoPayoutDailyMaxUsd);

  /** A waiting payout moves to another state, or keeps its state with a new reason. */
  async function hold(
    p: PayoutRow,
    status: PayoutStatus,
    reason: PayoutReason,
    set: Partial<PayoutRow> = {},
  ) {
    if (p.status === status && p.reason === reason && set.lastError === undefined) return;
    await after.changed(await movePayout(db, p.id, WAITING, { status, reason, ...set }));
  }

  /**
   * Whether a payout is worth no more than its network fee (the most it can cost, as prepared): in
   * the native coin directly, a token by both prices (undefined when one of them is not fresh).
   */
  function belowFee(ticker: string, amount: string, amountRaw: bigint, feeRaw: bigint): boolean | undefined {
    if (ticker === nativeTicker) return amountRaw <= feeRaw;
    const native = adapter.assets.find((a) => a.ticker === nativeTicker);
    const [tokenUsd, nativeUsd] = [deps.usdPrice(ticker), deps.usdPrice(nativeTicker)];
    if (!native || !tokenUsd || !nativeUsd) return undefined;
    const feeUsd = nativeUsd.mul(new Decimal(feeRaw.toString()).div(new Decimal(10).pow(native.decimals)));
    return tokenUsd.mul(amount).lte(feeUsd);
  }

  /** The hot wallet lacks the amount or the gas: it waits, with one alert, and goes once topped up. */
  async function short(w: HotWallet, p: PayoutRow, ticker: string): Promise<false> {
    if (p.status !== 'funds')
      log.warn(
        { network, payout: p.id, ticker },
        `${network}: ALERT hot wallet ${w.address} holds too little ${ticker} (or gas) for payout ${p.id}; it waits`,
      );
    await hold(p, 'funds', 'funds');
    return false;
  }

  /** Returns whether it was signed and sent, and whether it cost a call to the node. */
  return async function send(
    w: HotWallet,
    p: PayoutRow,
    balances: Map<string, bigint>,
  ): Promise<{ sent: boolean; asked: boolean }> {
    const no = { sent: false, asked: false };
    // The hot key may have changed since it was asked for: a payout to the hot wallet is never signed.
    if (adapter.normalAddress(p.toAddress) === adapter.normalAddress(w.address)) {
      log.warn(
        { network, payout: p.id },
        `${network}: ALERT payout ${p.id} pays the hot wallet ${w.address} itself; blocked, never signed`,
      );
      await hold(p, 'blocked', 'hotWallet', { lastError: HOT_WALLET_DETAIL });
      return no;
    }
    const ticker = await deps.tickerOf(p.assetId);
    const asset = adapter.assets.find((a) => a.ticker === ticker);
    if (!ticker || !asset) return no;
    // Valued now, from the rate service: the limits apply to what it is worth when it leaves.
    const price = deps.usdPrice(ticker);
    const usd = price?.mul(p.amount).toDecimalPlaces(2);
    const auto = p.approvedBy === null;
    if (auto && !usd) {
      await hold(p, 'queued', 'noPrice');
      return no;
    }
    if (auto && usd?.gt(deps.autoPayoutMaxUsd)) {
      await hold(p, 'approval', 'overLimit', { usdValue: toPlain(usd) });
      return no;
    }
    // Past the cap already (read without the lock: the total only grows within the day): it waits
    // for an admin whatever the hot wallet holds. The signing transaction checks it again, locked.
    if (auto && usd && overCap(await autoSentUsd(db), usd)) {
      await hold(p, 'approval', 'overDailyCap', { usdValue: toPlain(usd) });
      return no;
    }
    const amountRaw = unitsOf(p.amount, asset.decimals);
    const have = balances.get(ticker) ?? 0n;
    if (have < amountRaw) return { sent: await short(w, p, ticker), asked: false };
    let prepared: Awaited<ReturnType<HotWallet['prepare']>>;
    try {
      prepared = await w.prepare({ ticker, to: p.toAddress, amountRaw });
    } catch (err) {
      if (!(err instanceof PayoutRefusal)) throw err;
      if (err.kind === 'funds') return { sent: await short(w, p, ticker), asked: true };
      if (err.kind === 'unknown') {
        log.warn(
          { network, payout: p.id, error: err.detail },
          `${network}: the node did not prepare payout ${p.id} (${err.detail}); tried again later`,
        );
        return { sent: false, asked: true };
      }
      log.warn(
        { network, payout: p.id, error: err.detail },
        `${network}: ALERT the network refuses payout ${p.id} to ${p.toAddress} (${err.detail}); it waits for an admin to cancel, redirect or send it again`,
      );
      await hold(p, 'blocked', 'unpayable', { lastError: err.detail });
      return { sent: false, asked: true };
    }
    // A refund worth less than its network fee is never sent: the house would pay more in gas than
    // it gives back. It waits, blocked, for an admin (who cancels it: the transfer stays held).
    if (p.purpose !== 'exchange_payout') {
      const below = belowFee(ticker, p.amount, amountRaw, prepared.maxFeeRaw);
      if (below === undefined) {
        await hold(p, 'queued', 'noPrice');
        return { sent: false, asked: true };
      }
      if (below) {
        log.warn(
          { network, payout: p.id },
          `${network}: refund ${p.id} (${p.amount} ${ticker}) is worth less than its network fee; it waits for an admin`,
        );
        await hold(p, 'blocked', 'belowFee');
        return { sent: false, asked: true };
      }
    }
    const gas = ticker === nativeTicker ? have - amountRaw : (balances.get(nativeTicker) ?? 0n);
    if (gas < prepared.maxFeeRaw) return { sent: await short(w, p, ticker), asked: true };

    const [head, pending] = await Promise.all([adapter.head(), w.pendingSequence()]);
    type Outcome = { held?: PayoutRow; signed?: PayoutRow };
    const out: Outcome = await db
      .transaction(async (tx): Promise<Outcome> => {
        if (auto && usd) {
          // One cap over every network: the signing of automatic payouts is serialised on a lock
          // held to the end of this transaction, so the total read here includes every other.
          await lockAutoPayoutCap(tx);
          if (overCap(await autoSentUsd(tx), usd)) {
            const held = await movePayout(tx, p.id, WAITING, {
              status: 'approval',
              reason: 'overDailyCap',
              usdValue: toPlain(usd),
            });
            return held ? { held } : {};
          }
          await deps.hooks?.afterCapCheck?.(p);
        }
        const nonce = await takeNonce(tx, network, pending);
        const { raw, hash } = await prepared.sign(nonce);
        const row = await movePayout(tx, p.id, WAITING, {
          status: 'signed',
          reason: null,
          lastError: null,
          nonce,
          rawTx: raw,
          txHash: hash,
          signedAt: new Date(),
          signedBlock: head,
          attempts: p.attempts + 1,
          ...(usd ? { usdValue: toPlain(usd) } : {}),
        });
        // Moved by someone else meanwhile: the nonce taken must not be spent (a gap stops the wallet).
        if (!row) throw new PayoutMoved();
        return { signed: row };
      })
      .catch((err): Outcome => {
        if (err instanceof PayoutMoved) return {};
        throw err;
      });
    if (out.held) await after.changed(out.held);
    if (!out.signed) return { sent: false, asked: true };
    await deps.hooks?.afterSign?.(out.signed);
    await after.changed(out.signed);
    // What this payout takes is no longer there for the next one in this pass.
    balances.set(ticker, have - amountRaw);
    balances.set(nativeTicker, gas - prepared.maxFeeRaw);
    return { sent: await after.broadcast(w, out.signed), asked: true };
  };
}
