import { Decimal, toPlain } from '@vaultline/shared';
import type { Tx } from '../../../db/client';
import { ensureNetwork } from '../chain.repository';
import { PayoutRefusal, type UtxoWallet } from '../chain.types';
import { type AfterCommit, runAfterCommit } from '../chain-owners';
import type { PayoutWorkerDeps } from '../chain-payouts';
import { unitsOf } from '../payout-check';
import { autoSentUsd, lockAutoPayoutCap, movePayout, type PayoutRow, payoutsIn } from '../payouts.repository';
import { endIfDead } from './batch-drop';
import { minedAttempt } from './batch-mined';
import {
  attemptsOf,
  type BatchRow,
  batchesIn,
  insertBatch,
  lastAttempt,
  moveBatch,
  payoutsOfBatch,
} from './batches.repository';
import { type BackfillCursor, backfillParents } from './parents-backfill';
import { refusal } from './payout-refusal';
import { freeOutputs, takeOutputs } from './utxo.repository';
import { waitingGate } from './utxo-payout-gate';

class BatchAbandoned extends Error {}

/**
 * The payouts of a UTXO network (decision 0055): the payouts waiting at one pass leave together, in
 * one transaction of at most NET_BATCH_MAX outputs, signed from the hot wallet's recorded outputs.
 * The batch (its bytes, txid and inputs) is stored, the inputs taken and the payouts moved to signed
 * in one database transaction, before it is broadcast; a batch found signed is broadcast again, the
 * same bytes, never signed anew. The chain says which of a batch's attempts (the original, its fee
 * bumps) was mined; at the network's confirmations the payouts are settled and the fee that attempt
 * paid is booked once, on the batch.
 */
export function createUtxoPayoutWorker(deps: PayoutWorkerDeps & { wallet: UtxoWallet }) {
  const { db, adapter, log, wallet } = deps;
  const network = adapter.network;
  const native = adapter.assets.find((a) => !a.contract);
  const decimals = native?.decimals ?? 8;
  const afterError = (err: unknown) => log.error({ err, network }, `${network}: a payout follow-up failed`);
  const coins = (raw: bigint) => toPlain(new Decimal(raw.toString()).div(new Decimal(10).pow(decimals)));
  const gate = waitingGate(deps);
  const refused = refusal({ db, wallet, log, network, decimals, coins, changed: (rows) => changed(rows) });
  /** The confirmations each mined batch was last shown with (this process). */
  const shown = new Map<string, number>();

  async function changed(rows: (PayoutRow | undefined)[]) {
    for (const p of rows) if (p) await deps.owners[p.purpose].changed(p).catch(afterError);
  }

  /** Moves every payout of a batch in these states, in one transaction. */
  async function movePayouts(tx: Tx, b: BatchRow, from: PayoutRow['status'][], set: Partial<PayoutRow>) {
    const out: PayoutRow[] = [];
    for (const p of await payoutsOfBatch(tx, b.id)) {
      const row = await movePayout(tx, p.id, from, set);
      if (row) out.push(row);
    }
    return out;
  }

  /** Offers a signed batch's newest attempt to the node; one refused stays signed, with its words. */
  async function broadcast(b: BatchRow): Promise<boolean> {
    try {
      await wallet.broadcast(lastAttempt(b).hex);
    } catch (err) {
      if (!(err instanceof PayoutRefusal)) throw err;
      if (b.lastError !== err.detail) {
        log.warn(
          { network, batch: b.id, error: err.detail },
          `${network}: ALERT the node refuses payout batch ${b.id} (${err.detail}); it is offered again on every pass`,
        );
        const rows = await db.transaction(async (tx) => {
          await moveBatch(tx, b.id, ['signed'], { lastError: err.detail });
          return movePayouts(tx, b, ['signed'], { reason: 'rejected', lastError: err.detail });
        });
        await changed(rows);
      }
      return false;
    }
    const first = (await payoutsOfBatch(db, b.id))[0];
    if (first) await deps.hooks?.afterBroadcast?.(first);
    const rows = await db.transaction(async (tx) => {
      if (!(await moveBatch(tx, b.id, ['signed'], { status: 'sent', lastError: null }))) return [];
      return movePayouts(tx, b, ['signed'], { status: 'sent', reason: null, lastError: null });
    });
    await changed(rows);
    return true;
  }

  /** A sent batch the node refuses when offered again: said once (the words kept on the batch). */
  async function refusedAgain(b: BatchRow, err: unknown) {
    if (!(err instanceof PayoutRefusal) || b.lastError === err.detail) return;
    log.warn(
      { network, batch: b.id, error: err.detail },
      `${network}: ALERT the node refuses payout batch ${b.id} offered again (${err.detail})`,
    );
    await moveBatch(db, b.id, ['sent'], { lastError: err.detail });
  }

  /**
   * Which attempt the chain holds, read from the scanner's rows (batch-mined.ts): mined (then
   * confirmed at N, fee booked once) or back to waiting.
   * A batch still `signed` (its broadcast refused: mined already, its outputs since spent, after a
   * crash before it was marked sent) moves on the same way once the chain shows it mined.
   */
  async function follow(b: BatchRow): Promise<void> {
    const mined = await minedAttempt(db, b);
    if (!mined) {
      if (b.status === 'mined') {
        log.warn(
          { network, batch: b.id },
          `${network}: payout batch ${b.minedTxid} left the chain; sending it again`,
        );
        const rows = await db.transaction(async (tx) => {
          if (!(await moveBatch(tx, b.id, ['mined'], { status: 'sent', blockNumber: null, minedTxid: null })))
            return [];
          return movePayouts(tx, b, ['mined'], { status: 'sent', blockNumber: null });
        });
        await changed(rows);
      }
      // Not mined yet, or dropped from the node's pool: the same bytes again cost nothing.
      if (b.status !== 'signed' && (await wallet.pooled(attemptsOf(b).map((a) => a.txid))).length === 0)
        await wallet.broadcast(lastAttempt(b).hex).catch((err) => refusedAgain(b, err));
      return;
    }
    const at = { blockNumber: mined.height, txHash: mined.txid };
    if (mined.confirmations >= deps.confirmations) return settle(b, mined);
    if (b.status !== 'mined' || b.blockNumber !== mined.height || b.minedTxid !== mined.txid) {
      const rows = await db.transaction(async (tx) => {
        if (
          !(await moveBatch(tx, b.id, [b.status], {
            status: 'mined',
            blockNumber: mined.height,
            minedTxid: mined.txid,
          }))
        )
          return [];
        return movePayouts(tx, b, ['signed', 'sent', 'mined'], {
          status: 'mined',
          ...at,
          minedAt: new Date(),
        });
      });
      await changed(rows);
    }
    // Its owners show the confirmations live: told when the count changed since last shown.
    if (shown.get(b.id) === mined.confirmations) return;
    shown.set(b.id, mined.confirmations);
    for (const p of await payoutsOfBatch(db, b.id))
      await deps.owners[p.purpose].progress?.(p, mined.confirmations, deps.confirmations).catch(afterError);
  }

  /** The batch confirmed: its fee booked once (on the batch), each payout settled by its owner. */
  async function settle(b: BatchRow, mined: { txid: string; fee: bigint; height: number }) {
    const after = await db.transaction(async (tx) => {
      const row = await moveBatch(tx, b.id, ['signed', 'sent', 'mined'], {
        status: 'confirmed',
        minedTxid: mined.txid,
        blockNumber: mined.height,
        feePaid: mined.fee,
      });
      shown.delete(b.id);
      if (!row) return [];
      const nativeId = native ? await deps.assetId(native.ticker) : undefined;
      if (nativeId && mined.fee > 0n) {
        const fee = new Decimal(coins(mined.fee));
        await deps.ledger.post(tx, {
          kind: 'chain_fee',
          reference: b.id,
          memo: `${network} network fee (payout batch ${mined.txid})`,
          legs: [
            { owner: { kind: 'house' }, assetId: nativeId, amount: fee.neg() },
            { owner: { kind: 'external' }, assetId: nativeId, amount: fee },
          ],
        });
      }
      const tasks: AfterCommit[] = [];
      const moved = await movePayouts(tx, b, ['signed', 'sent', 'mined'], {
        status: 'confirmed',
        txHash: mined.txid,
        blockNumber: mined.height,
        minedAt: new Date(),
      });
      for (const p of moved) tasks.push(...(await deps.owners[p.purpose].mined(tx, p)));
      return tasks;
    });
    await runAfterCommit(after, afterError);
  }

  /** Signs one batch of the payouts waiting now, stores it with its inputs taken, then sends it. */
  async function sign(finalBlock: number, check: () => void): Promise<number> {
    const ready = await gate(await payoutsIn(db, network, ['queued', 'funds'], 500));
    let chosen = ready.slice(0, wallet.batchMax);
    if (chosen.length === 0) return 0;
    const paymentsOf = (cs: typeof chosen) =>
      cs.map((c) => ({ to: c.p.toAddress, amountRaw: unitsOf(c.p.amount, decimals) }));
    const feeRate = await wallet.feeRate();
    const utxos = await freeOutputs(db, network, finalBlock);
    let signed: ReturnType<UtxoWallet['sign']>;
    try {
      signed = wallet.sign(utxos, paymentsOf(chosen), feeRate);
    } catch (err) {
      if (!(err instanceof PayoutRefusal)) throw err;
      // Too little for all of them together: those that fit go now, oldest first, so one payout
      // larger than the hot wallet never holds back the others; the rest wait (or are blocked).
      const fit: typeof chosen = [];
      if (err.kind === 'funds' && chosen.length > 1)
        for (const c of chosen)
          try {
            wallet.sign(utxos, paymentsOf([...fit, c]), feeRate);
            fit.push(c);
          } catch (e) {
            if (!(e instanceof PayoutRefusal)) throw e;
          }
      const left = chosen.filter((c) => !fit.includes(c)).map((c) => c.p);
      if (fit.length === 0) return refused(left, err, utxos, feeRate);
      await refused(left, err, utxos, feeRate);
      chosen = fit;
      signed = wallet.sign(utxos, paymentsOf(chosen), feeRate);
    }
    const head = await adapter.head();
    check();
    const batch = await db
      .transaction(async (tx) => {
        const autoUsd = chosen
          .filter((c) => c.p.approvedBy === null)
          .reduce((s, c) => s.plus(c.usd ?? 0), new Decimal(0));
        if (autoUsd.gt(0)) {
          // One cap over every network, as on EVM: serialised on its lock to the end of this transaction.
          await lockAutoPayoutCap(tx);
          if (new Decimal(await autoSentUsd(tx)).plus(autoUsd).gt(deps.autoPayoutDailyMaxUsd)) {
            for (const c of chosen.filter((x) => x.p.approvedBy === null))
              await movePayout(tx, c.p.id, ['queued', 'funds'], {
                status: 'approval',
                reason: 'overDailyCap',
                ...(c.usd ? { usdValue: toPlain(c.usd) } : {}),
              });
            return undefined;
          }
        }
        const row = await insertBatch(tx, network, signed, head);
        if (!(await takeOutputs(tx, network, row.id, signed.inputs))) throw new BatchAbandoned();
        for (const c of chosen) {
          const moved = await movePayout(tx, c.p.id, ['queued', 'funds'], {
            status: 'signed',
            reason: null,
            lastError: null,
            batchId: row.id,
            txHash: signed.txid,
            signedAt: new Date(),
            signedBlock: head,
            attempts: c.p.attempts + 1,
            ...(c.usd ? { usdValue: toPlain(c.usd) } : {}),
          });
          // Moved by someone else meanwhile (an admin's cancel): nothing of this batch is kept.
          if (!moved) throw new BatchAbandoned();
        }
        return row;
      })
      .catch((err) => {
        if (err instanceof BatchAbandoned) return undefined;
        throw err;
      });
    if (!batch) return 0;
    const rows = await payoutsOfBatch(db, batch.id);
    if (rows[0]) await deps.hooks?.afterSign?.(rows[0]);
    await changed(rows);
    await broadcast(batch);
    return chosen.length;
  }

  const backfillCursor: BackfillCursor = { after: '' };
  return {
    /** One pass; returns how many payouts it sent or moved on. */
    async pass(check: () => void = () => undefined): Promise<number> {
      let done = 0;
      // Final: the network's confirmations deep in what the scanner read.
      const finalBlock = ((await ensureNetwork(db, network)).scannedBlock ?? -1) - deps.confirmations + 1;
      await backfillParents(db, network, wallet, log, check, backfillCursor);
      const ends = { db, wallet, log, changed };
      for (const b of await batchesIn(db, network, ['signed', 'sent'])) {
        check();
        if (await endIfDead(ends, b, finalBlock)) done++;
      }
      for (const b of await batchesIn(db, network, ['signed'])) {
        check();
        if (await broadcast(b)) done++;
        else await follow(b);
      }
      for (const b of await batchesIn(db, network, ['sent', 'mined'])) {
        check();
        await follow(b);
      }
      done += await sign(finalBlock, check);
      return done;
    },
  };
}
