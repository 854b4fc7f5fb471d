import { SWEEP_ERRORS, type Sweep, type SweepsView } from '@vaultline/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chainSweeps } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { AuditTrail } from '../../audit/audit.service';
import type { LedgerService } from '../../ledger/ledger.service';
import type { ChainAdapter } from '../chain.types';
import type { NetworkId } from '../chain-networks';
import { estimateFeeRate } from './fee-rate';
import { buildSweepPsbt, finalizeSignedSweep, parseSweepAccount } from './psbt-sweep';
import { UtxoRpcError } from './rpc';
import { endDroppedSweep } from './sweep-admin';
import { lockSweeps, markBroadcast, type SweepBooks, sweepHashes, sweepsSpending } from './sweep-book';
import { createOwnAddresses } from './sweep-destination';
import { ALREADY_IN_CHAIN, nodeBytes, nodeHas } from './sweep-follow';
import { held, type SweepRow, toSweep, units } from './sweep-views';
import { utxoTxNetwork } from './tx-network';
import { outputScript, UtxoTxError } from './tx-size';
import { splitKeyOrigin } from './utxo-networks';
import { type UtxoNode, utxoNodeOf } from './utxo-node';

/**
 * Sweeps of a UTXO network's deposit addresses to the operator's wallet (decision 0055): the final
 * deposits whose outputs the node shows unspent, a PSBT spending them all to the address the operator
 * gives (psbt-sweep.ts), the signed PSBT checked against it, finalized and broadcast. What must hold:
 * the server never signs; only a PSBT paying exactly the stored destination and amount from exactly
 * the stored inputs is broadcast; the coins leaving are booked out once (`chain_operator`, the same
 * reference an operator transfer out of that hash would have, so never twice).
 */

/** The fee rate a sweep pays, sat/vB: the node's estimate within these (both nodes relay from 1). */
const FEE_RATE = { BTC: { min: 2, max: 500 }, LTC: { min: 2, max: 1000 } } as const;
/** Confirmation target of the estimate: a sweep is not urgent. */
const FEE_TARGET = 6;

interface SweepDeps {
  db: Db;
  adapters: () => ChainAdapter[];
  ledger: Pick<LedgerService, 'post'>;
  assetId: (ticker: string) => Promise<string | undefined>;
  explorerUrl: (network: string | null, hash: string | null) => string | null;
}

export function createSweeps(deps: SweepDeps) {
  const { db } = deps;
  const own = createOwnAddresses();

  function networkOf(network: string) {
    const adapter = deps.adapters().find((a) => a.network === network);
    const node = utxoNodeOf(adapter);
    if (!adapter || !node) throw badRequest(SWEEP_ERRORS.notUtxo, 'NOT_WATCHED');
    const asset = adapter.assets[0] as ChainAdapter['assets'][number];
    return { adapter, node, asset, net: utxoTxNetwork(node.coin, node.kind) };
  }
  async function stored(network: string, id: string): Promise<SweepRow> {
    const [s] = await db
      .select()
      .from(chainSweeps)
      .where(and(eq(chainSweeps.id, id), eq(chainSweeps.network, network)));
    if (!s) throw notFound(SWEEP_ERRORS.notFound);
    return s;
  }

  /** The account as configured; a key without its origin cannot be signed for by a wallet. */
  function account(network: string, node: UtxoNode, net: ReturnType<typeof utxoTxNetwork>) {
    if (!splitKeyOrigin(node.accountKey).origin)
      throw badRequest(SWEEP_ERRORS.noFingerprint(network), 'NO_KEY_ORIGIN', undefined, { network });
    return parseSweepAccount(node.accountKey, net);
  }

  const booksOf = async (asset: ChainAdapter['assets'][number]): Promise<SweepBooks> => ({
    ledger: deps.ledger,
    assetId: await deps.assetId(asset.ticker),
    ticker: asset.ticker,
    decimals: asset.decimals,
  });

  return {
    async view(network: NetworkId): Promise<SweepsView> {
      const { node, asset, net } = networkOf(network);
      const inputs = await held(db, network, node, asset.decimals);
      const sweeps = await db
        .select()
        .from(chainSweeps)
        .where(eq(chainSweeps.network, network))
        .orderBy(desc(chainSweeps.createdAt))
        .limit(20);
      let blocked: string | null = null;
      try {
        account(network, node, net);
      } catch (err) {
        blocked = (err as Error).message;
      }
      const total = inputs.reduce((s, i) => s + BigInt(i.amount), 0n);
      return {
        network,
        ticker: asset.ticker,
        held: inputs.map((i) => ({ ...i, amount: units(i.amount, asset.decimals) })),
        total: units(total, asset.decimals),
        blocked,
        sweeps: sweeps.map((s) => toSweep(s, asset.ticker, asset.decimals, deps.explorerUrl)),
      };
    },

    /** Builds and stores the PSBT sweeping every deposit held to `destination`. */
    async create(
      actorId: string,
      network: NetworkId,
      destination: string,
      audit: AuditTrail,
    ): Promise<Sweep> {
      const { adapter, node, asset, net } = networkOf(network);
      const to = adapter.normalAddress(destination);
      try {
        outputScript(to, net);
      } catch {
        throw badRequest(SWEEP_ERRORS.badDestination(network), 'SWEEP_ADDRESS_INVALID', undefined, {
          network,
        });
      }
      // Booked as leaving the exchange: never to one of its own addresses (a deposit address, handed
      // out or to come, where it would be credited or held again, or the hot wallet, where the books
      // would count it twice).
      if (await own.isOurs(db, adapter, node, to))
        throw badRequest(SWEEP_ERRORS.ownDestination(network), 'SWEEP_ADDRESS_OURS', undefined, { network });
      const acct = account(network, node, net);
      const inputs = await held(db, network, node, asset.decimals);
      if (inputs.length === 0) throw badRequest(SWEEP_ERRORS.nothingHeld, 'NOTHING_TO_SWEEP');
      const { feeRate } = await estimateFeeRate(node.call, FEE_TARGET, FEE_RATE[node.coin]);
      const height = Number(await node.call('getblockcount', []));
      const deposits = inputs.map((i) => ({ ...i, amount: BigInt(i.amount) }));
      const buildAt = (lockTime: number) => {
        try {
          return buildSweepPsbt({ deposits, account: acct, destination: to, feeRate, net, lockTime });
        } catch (err) {
          if (err instanceof UtxoTxError) throw badRequest(err.message, 'VALIDATION');
          throw err;
        }
      };
      const row = await db.transaction(async (tx) => {
        // Every sweep its own hash (its ledger reference is made of it): nLockTime the current height,
        // lowered by one while an earlier sweep of the network has the same hash (the same deposits,
        // destination and fee built again at the same height).
        await lockSweeps(tx, network);
        const taken = await sweepHashes(tx, network);
        let lockTime = height;
        let built = buildAt(lockTime);
        while (taken.has(built.txid) && lockTime > 0) built = buildAt(--lockTime);
        if (taken.has(built.txid)) throw conflict(SWEEP_ERRORS.inputsSwept, 'SWEEP_INPUTS_SWEPT');
        const [s] = await tx
          .insert(chainSweeps)
          .values({
            network,
            destination: to,
            inputs,
            amount: built.amount,
            fee: built.fee,
            psbt: built.psbtBase64,
            createdBy: actorId,
          })
          .returning();
        const r = s as SweepRow;
        await audit.record(tx, {
          actorId,
          action: 'chain.sweepBuilt',
          targetType: 'network',
          targetId: network,
          before: null,
          after: {
            sweep: r.id,
            destination: to,
            inputs: inputs.length,
            amount: units(r.amount, asset.decimals),
            fee: units(r.fee, asset.decimals),
          },
        });
        return r;
      });
      return toSweep(row, asset.ticker, asset.decimals, deps.explorerUrl);
    },

    /** The unsigned PSBT as a file (binary, BIP 174), as wallets open it. */
    async file(network: NetworkId, id: string): Promise<{ name: string; bytes: Buffer }> {
      networkOf(network);
      const s = await stored(network, id);
      return {
        name: `${network.toLowerCase()}-sweep-${s.id.slice(0, 8)}.psbt`,
        bytes: Buffer.from(s.psbt, 'base64'),
      };
    },

    /**
     * The operator's signed PSBT: checked against the stored sweep, finalized and broadcast; the coins
     * that left booked out once; the sweep marked broadcast. A mismatch changes nothing.
     */
    async signed(
      actorId: string,
      network: NetworkId,
      id: string,
      psbt: string,
      audit: AuditTrail,
    ): Promise<Sweep> {
      const { adapter, node, asset, net } = networkOf(network);
      const s = await stored(network, id);
      if (s.status !== 'built') throw conflict(SWEEP_ERRORS.notBuilt, 'ALREADY_PROCESSED');
      // Checked again: an address handed out since the build may be the destination now.
      if (await own.isOurs(db, adapter, node, s.destination))
        throw badRequest(SWEEP_ERRORS.ownDestination(network), 'SWEEP_ADDRESS_OURS', undefined, { network });
      const deposits = s.inputs.map((i) => ({
        txid: i.txid,
        vout: i.vout,
        amount: BigInt(i.amount),
        index: i.index,
      }));
      let done: { txid: string; hex: string };
      try {
        done = finalizeSignedSweep(
          psbt,
          { deposits, destination: s.destination, amount: s.amount, account: account(network, node, net) },
          net,
        );
      } catch (err) {
        if (!(err instanceof UtxoTxError)) throw err;
        const text =
          err.reason === 'psbt-unsigned'
            ? SWEEP_ERRORS.unsigned(err.message)
            : SWEEP_ERRORS.mismatch(err.message);
        throw badRequest(
          text,
          err.reason === 'psbt-unsigned' ? 'PSBT_UNSIGNED' : 'PSBT_MISMATCH',
          undefined,
          {
            detail: err.message,
          },
        );
      }
      const books = await booksOf(asset);
      const row = await db.transaction(async (tx) => {
        // One sweep of a network at a time from this check to its booking: two sweeps signed over the
        // same deposits (a second one built before the first was mined, at a higher fee) are never
        // both broadcast and booked, though the node would take the second as a replacement. A
        // dropped one still holds its deposits until an admin abandons it.
        await lockSweeps(tx, network);
        const mine = new Set(s.inputs.map((i) => `${i.txid}:${i.vout}`));
        if ((await sweepsSpending(tx, network, ['broadcast', 'dropped'], mine)).length > 0)
          throw conflict(SWEEP_ERRORS.inputsSwept, 'SWEEP_INPUTS_SWEPT');
        // Broadcast within the lock; refused, nothing is kept. Taken and then this transaction failing
        // leaves it on chain and not booked: the follow-up pass (sweep-follow.ts) finds and books it.
        // The node having this very transaction already (the operator broadcast it from their wallet
        // first) is no refusal: it is checked by its hash, never by the words alone.
        try {
          await node.call('sendrawtransaction', [done.hex]);
        } catch (err) {
          if (!(err instanceof UtxoRpcError) || err.code === undefined) throw err;
          const words = err.details ?? err.message;
          if (!(err.code === ALREADY_IN_CHAIN || (await nodeHas(node, done.txid))))
            throw badRequest(SWEEP_ERRORS.refused(words), 'BROADCAST_REFUSED', undefined, { detail: words });
        }
        // The node's bytes are kept, not the pasted ones: a node that has the hash already answers
        // success or "already known" without checking the pasted signatures.
        const hex = await nodeBytes(node, done.txid);
        const u = await markBroadcast(tx, books, s, 'built', done.txid, hex);
        if (!u) throw conflict(SWEEP_ERRORS.notBuilt, 'ALREADY_PROCESSED');
        await audit.record(tx, {
          actorId,
          action: 'chain.sweepBroadcast',
          targetType: 'network',
          targetId: network,
          before: { sweep: s.id, status: 'built' },
          after: {
            sweep: s.id,
            status: 'broadcast',
            txHash: done.txid,
            amount: units(s.amount + s.fee, asset.decimals),
          },
        });
        return u;
      });
      return toSweep(row, asset.ticker, asset.decimals, deps.explorerUrl);
    },

    /** An admin's end of a dropped sweep: broadcast again, or abandoned (sweep-admin.ts). */
    async end(
      actorId: string,
      network: NetworkId,
      id: string,
      action: 'rebroadcast' | 'abandon',
      audit: AuditTrail,
    ): Promise<Sweep> {
      const { adapter, node, asset } = networkOf(network);
      const s = await stored(network, id);
      const books = await booksOf(asset);
      const row = await endDroppedSweep({ db, node, books, audit, actorId }, adapter, s, action);
      return toSweep(row, asset.ticker, asset.decimals, deps.explorerUrl);
    },
  };
}
export type SweepService = ReturnType<typeof createSweeps>;
