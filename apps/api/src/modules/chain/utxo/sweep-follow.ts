import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chainNetworks, chainSweeps } from '../../../db/schema';
import type { LedgerService } from '../../ledger/ledger.service';
import type { ChainAdapter } from '../chain.types';
import { UtxoRpcError } from './rpc';
import {
  lockSweeps,
  markAbandoned,
  markBroadcast,
  markDropped,
  type SweepBooks,
  sweepTxid,
} from './sweep-book';
import { OPEN } from './sweep-spends';
import type { SweepRow } from './sweep-views';
import { type UtxoNode, utxoNodeOf } from './utxo-node';

/** The node's answer to a transaction it already has in a block (RPC_VERIFY_ALREADY_IN_CHAIN). */
export const ALREADY_IN_CHAIN = -27;
/** The node's words for a transaction it already has, in its pool or a block. */
export const ALREADY_KNOWN = /txn-already-in-mempool|txn-already-known|already in block chain/i;
/**
 * Refusals for good: the transaction itself is invalid (a bad signature or script, a malformed or
 * overspending transaction), so no block can ever hold it. An allow-list: every other refusal (a
 * conflict in the pool, a replacement refused for its fee, inputs missing or spent, the pool full or
 * its minimum fee up) may pass, and the scanner's record of the inputs' spends, N deep, decides.
 */
export const REFUSED_FOR_GOOD =
  /mandatory-script-verify-flag|bad-txns-(?!inputs-missingorspent|premature-spend-of-coinbase)|bad-witness|bad-blk-sigops|txn-sigops|scriptsig-not-pushonly|tx-size-small/i;

/** Whether the node has this very transaction: in its pool, or mined with an output unspent. */
export async function nodeHas(node: UtxoNode, txid: string): Promise<boolean> {
  try {
    await node.call('getmempoolentry', [txid]);
    return true;
  } catch (err) {
    if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
  }
  return (await node.call('gettxout', [txid, 0, true])) !== null;
}

/**
 * The node's own bytes of a transaction it has (in its pool, or in block `blockhash` without a
 * transaction index); null when it cannot give them. Stored to be offered again after a
 * reorganisation, never bytes the node did not check.
 */
export async function nodeBytes(node: UtxoNode, txid: string, blockhash?: string): Promise<string | null> {
  try {
    return (await node.call(
      'getrawtransaction',
      blockhash ? [txid, false, blockhash] : [txid, false],
    )) as string;
  } catch (err) {
    if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
    return null;
  }
}

/**
 * The follow-up of a UTXO network's sweeps, after the scanner's pass (decision 0055), from the
 * scanner's record of their inputs' spends (sweep-spends.ts) and the node's pool:
 * - a sweep still `built` that a block read mined (the operator broadcast it from their wallet and
 *   did not paste it back) is marked broadcast and booked, once; a `dropped` one too;
 * - a broadcast sweep whose input another transaction spent, `confirmations` deep, can never be
 *   mined: `dropped` with the reason, its booking reversed;
 * - a broadcast sweep that is neither in a block read nor in the pool is offered again as the same
 *   bytes; refused for good (the transaction itself invalid), it is `dropped` with the node's words;
 * - an `abandoned` one mined after all is broadcast and booked, like a dropped one;
 * - a `built` one whose input another transaction spent, `confirmations` deep, is `abandoned` with
 *   the reason (nothing was booked), so none stays built for ever.
 * Returns how many sweeps moved.
 */
export async function followSweeps(
  deps: {
    db: Db;
    ledger: Pick<LedgerService, 'post'>;
    assetId: (ticker: string) => Promise<string | undefined>;
    log: { warn(o: object, msg: string): void; info(o: object, msg: string): void };
  },
  adapter: ChainAdapter,
  confirmations: number,
): Promise<number> {
  const { db, log } = deps;
  const node = utxoNodeOf(adapter);
  const asset = adapter.assets[0];
  if (!node || !asset) return 0;
  const network = adapter.network;
  const open = await db
    .select()
    .from(chainSweeps)
    .where(
      and(
        eq(chainSweeps.network, network),
        inArray(chainSweeps.status, [...OPEN]),
        // An abandoned sweep matters only once mined after all: the list never grows with the history.
        or(ne(chainSweeps.status, 'abandoned'), eq(chainSweeps.spentTxid, chainSweeps.txHash)),
      ),
    );
  if (open.length === 0) return 0;
  const [n] = await db.select().from(chainNetworks).where(eq(chainNetworks.network, network));
  const finalBlock = (n?.scannedBlock ?? -1) - confirmations + 1;
  const books: SweepBooks = {
    ledger: deps.ledger,
    assetId: await deps.assetId(asset.ticker),
    ticker: asset.ticker,
    decimals: asset.decimals,
  };
  const moved = (f: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<SweepRow | undefined>) =>
    db.transaction(async (tx) => {
      await lockSweeps(tx, network);
      return f(tx);
    });
  let done = 0;
  for (const s of open) {
    const txid = s.txHash ?? sweepTxid(s.psbt);
    // Still built, dropped or abandoned, and mined after all (in a block the scanner read): broadcast,
    // booked (again). Read from the scanner's rows only: built sweeps never signed cost no call to the
    // node. Built and spent by another transaction, deep enough: abandoned, nothing was booked.
    if (s.status !== 'broadcast') {
      if (s.spentTxid !== txid) {
        if (s.status !== 'built' || !s.spentTxid || s.spentBlock === null || s.spentBlock > finalBlock)
          continue;
        const why = `a deposit it spends was spent by ${s.spentTxid} (block ${s.spentBlock})`;
        if (await moved((tx) => markAbandoned(tx, s, txid, why))) {
          done++;
          log.info({ network, sweep: s.id, reason: why }, `${network}: sweep ${s.id} abandoned (${why})`);
        }
        continue;
      }
      const from = s.status as 'built' | 'dropped' | 'abandoned';
      // Its bytes as mined, kept to be offered again should a reorganisation take its block away.
      const hex =
        s.txHex ??
        (s.spentBlock === null
          ? null
          : await nodeBytes(node, txid, (await node.call('getblockhash', [s.spentBlock])) as string));
      if (!(await moved((tx) => markBroadcast(tx, books, s, from, txid, hex)))) continue;
      done++;
      log.info(
        { network, sweep: s.id, txHash: txid },
        `${network}: sweep ${s.id} was mined (${txid}) without being pasted back; booked as leaving`,
      );
      continue;
    }
    if (s.spentTxid === txid) continue;
    let reason: string | null = null;
    if (s.spentTxid && s.spentBlock !== null) {
      if (s.spentBlock > finalBlock) continue;
      reason = `a deposit it spends was spent by ${s.spentTxid} (block ${s.spentBlock})`;
    } else {
      if (s.spentTxid || (await nodeHas(node, txid)) || !s.txHex) continue;
      try {
        await node.call('sendrawtransaction', [s.txHex]);
        log.info(
          { network, sweep: s.id, txHash: txid },
          `${network}: sweep ${s.id} offered to the node again`,
        );
        continue;
      } catch (err) {
        if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
        const words = err.details ?? err.shortMessage;
        if (err.code === ALREADY_IN_CHAIN || ALREADY_KNOWN.test(words) || !REFUSED_FOR_GOOD.test(words))
          continue;
        reason = `the node refuses it: ${words}`;
      }
    }
    if (!(await moved((tx) => markDropped(tx, books, s, reason)))) continue;
    done++;
    log.warn(
      { network, sweep: s.id, txHash: txid, reason },
      `${network}: ALERT sweep ${s.id} can never be mined (${reason}); its booking is reversed, re-broadcast or abandon it on the Networks page`,
    );
  }
  return done;
}
