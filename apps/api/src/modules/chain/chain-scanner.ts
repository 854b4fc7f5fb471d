import { Decimal, toPlain } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { chainDeposits } from '../../db/schema';
import {
  ensureNetwork,
  insertBlocks,
  type NetworkRow,
  orphanedAmong,
  pruneBlocks,
  rewindTo,
  updateNetwork,
  upsertDeposits,
} from './chain.repository';
import type { BlockRef, ChainAdapter, ScannedBlock } from './chain.types';
import { addressesSince } from './chain-addresses.repository';
import { findFork } from './chain-fork';
import {
  type AfterCommit,
  type DepositOwner,
  type DispatchedRow,
  dispatchToOwners,
  runAfterCommit,
} from './chain-owners';
import { checkChainIdentity, linked } from './chain-scanner-checks';
import { createFinalizer } from './chain-scanner-final';
import { recordSweepSpends, rewindSweepSpends, sweepOutpoints } from './utxo/sweep-spends';
import { recordOwn, rewindOwn, unspentOutpoints } from './utxo/utxo.repository';
import { utxoNodeOf } from './utxo/utxo-node';

export interface ScannerDeps {
  db: Db;
  adapter: ChainAdapter;
  confirmations: number;
  log: FastifyBaseLogger;
  /** The catalogue's id of an asset. */
  assetId: (ticker: string) => Promise<string | undefined>;
  owners: { exchange: DepositOwner; user: DepositOwner };
  /** Demo chains may be started anew: then what was read from the old one is forgotten. */
  demo: boolean;
  /** Blocks read per pass at most (a node that was down is caught up over several passes). */
  maxBlocksPerPass?: number;
  /** The amount below which a transfer of this asset is dust (held, never handed to its owner). */
  dust?: (ticker: string) => Decimal | undefined;
}

/** Transfers made final in one transaction (at most). */

interface Watched {
  purpose: 'exchange' | 'user';
  exchangeId: string | null;
  userId: string | null;
}

/**
 * Reads a network's new blocks for transfers to the watched addresses (decision 0026):
 * - each pass first checks that the last block it read is still the node's; if not, it walks back
 *   to the fork and orphans what was seen above it (never credited unless mined again);
 * - blocks must link up (each one's parent is the one before); the blocks, the transfers and the
 *   new cursor are written in one transaction, so a crash or an outage never skips a block;
 * - confirmations are counted against the last block read, and a transfer with enough of them is
 *   handed to its owner's module in the transaction that marks it final (credited once).
 */
export function createScanner(deps: ScannerDeps) {
  const { db, adapter, log } = deps;
  const network = adapter.network;
  const watched = new Map<string, Watched>();
  let lastSeq = 0;
  let identityChecked = false;
  /** Reading stopped by a reorganisation too deep to follow (until the operator clears it). */
  let halted = false;
  const keep = Math.max(256, deps.confirmations * 4);
  const maxBlocks = deps.maxBlocksPerPass ?? 100;
  const afterError = (err: unknown) => log.error({ err, network }, `${network}: a follow-up failed`);
  const confirm = createFinalizer({ db, network, log, owners: deps.owners });

  async function loadAddresses() {
    for (;;) {
      const rows = await addressesSince(db, network, lastSeq);
      for (const r of rows) {
        watched.set(r.address, { purpose: r.purpose, exchangeId: r.exchangeId, userId: r.userId });
        lastSeq = Math.max(lastSeq, Number(r.seq));
      }
      if (rows.length < 50_000) return;
    }
  }

  async function checkIdentity() {
    if (identityChecked) return;
    await checkChainIdentity({ db, adapter, demo: deps.demo, log });
    identityChecked = true;
  }

  /**
   * Finds where the chain we stored forked from the node's, and orphans what lay above. The search
   * goes no lower than the blocks kept and the block reading started from: a reorganisation deeper
   * than that stops the network's reading with an alert (never a rescan from an older block), until
   * the operator has checked the node and cleared the halt (docs/operations.md); then reading starts
   * again from the bottom of the blocks kept.
   */
  async function rewind(from: number, state: NetworkRow): Promise<void> {
    const floor = Math.max(state.startBlock ?? 0, from - keep, 0);
    let fork = await findFork(db, adapter, from, floor);
    let restart: BlockRef | null = null;
    if (fork === undefined) {
      // Approved by the operator (the halt cleared, its reason kept): read again from the floor.
      if (state.haltedReason !== null && state.haltedAt === null) restart = await adapter.blockRef(floor);
      if (!restart) {
        const reason = `a reorganisation replaced block ${floor} (${state.startBlock !== null && floor === state.startBlock ? 'the block reading started from' : `the ${keep} blocks kept`}): no common block with the node`;
        await updateNetwork(db, network, { haltedAt: new Date(), haltedReason: reason });
        halted = true;
        log.error(
          { network, from, floor },
          `${network}: ALERT reading stopped: ${reason}. Check the node, then clear the halt (docs/operations.md)`,
        );
        return;
      }
      fork = floor;
    }
    const forkAt = fork;
    const after = await db.transaction(async (tx) => {
      const { orphaned, deep } = await rewindTo(tx, network, forkAt);
      if (adapter.utxoWallet) await rewindOwn(tx, network, forkAt);
      await rewindSweepSpends(tx, network, forkAt);
      if (restart) {
        await insertBlocks(tx, [{ network, ...restart }]);
        await updateNetwork(tx, network, { scannedHash: restart.hash, haltedReason: null });
      }
      if (deep.length > 0)
        log.error(
          { network, deposits: deep.map((d) => d.id) },
          `${network}: a reorganisation deeper than ${deps.confirmations} confirmations dropped ${deep.length} credited transfer(s); check them by hand`,
        );
      return dispatch(orphaned, (owner, rows) => owner.orphaned(tx, rows));
    });
    log.warn(
      { network, fork: forkAt },
      `${network}: chain reorganised above block ${forkAt}; reading again from there`,
    );
    await runAfterCommit(after, afterError);
  }

  const dispatch = <R extends DispatchedRow>(
    rows: R[],
    call: (owner: DepositOwner, rows: R[]) => Promise<AfterCommit[] | undefined>,
  ) => dispatchToOwners(deps.owners, rows, call);

  async function record(blocks: ScannedBlock[]): Promise<void> {
    const rows: (typeof chainDeposits.$inferInsert)[] = [];
    for (const b of blocks) {
      for (const t of b.transfers) {
        const owner = watched.get(t.to);
        const asset = adapter.assets.find((a) => a.ticker === t.ticker);
        const assetId = await deps.assetId(t.ticker);
        if (!owner || !asset || !assetId) continue;
        const amount = new Decimal(t.amountRaw.toString()).div(new Decimal(10).pow(asset.decimals));
        const dust = deps.dust?.(t.ticker);
        rows.push({
          network,
          assetId,
          address: t.to,
          txHash: t.txHash,
          eventKey: t.eventKey,
          fromAddress: t.from ?? null,
          amount: toPlain(amount),
          blockNumber: b.number,
          blockHash: b.hash,
          requiredConfirmations: deps.confirmations,
          status: 'seen' as const,
          exchangeId: owner.exchangeId,
          userId: owner.userId,
          holdReason: dust && amount.lt(dust) ? ('dust' as const) : null,
        });
      }
    }
    const last = blocks[blocks.length - 1] as ScannedBlock;
    const after = await db.transaction(async (tx) => {
      await insertBlocks(
        tx,
        blocks.map((b) => ({ network, number: b.number, hash: b.hash, parentHash: b.parentHash })),
      );
      const before = await orphanedAmong(tx, network, rows);
      const seen = await upsertDeposits(tx, rows);
      // Mined again to another address: the owner it was seen for first is no longer its owner.
      const moved = before.filter((b) => {
        const now = seen.find((r) => r.id === b.id);
        return now !== undefined && (now.exchangeId !== b.exchangeId || now.userId !== b.userId);
      });
      // Mined again as dust (same owner): held by the chain module now, so its owner is never told
      // it is seen again; what the owner recorded of its first block ends here.
      const shrunk = before.filter((b) => {
        const now = seen.find((r) => r.id === b.id);
        return now !== undefined && !moved.includes(b) && now.holdReason === 'dust';
      });
      const gone = [
        ...(await dispatch(moved, async (owner, r) => owner.left?.(tx, r, 'moved'))),
        ...(await dispatch(shrunk, async (owner, r) => owner.left?.(tx, r, 'dust'))),
      ];
      // The hot wallet's outputs and their spends (UTXO), with the blocks that hold them; the spends
      // of open sweeps' inputs (utxo/sweep-spends.ts).
      for (const b of blocks) {
        if (!b.own) continue;
        if (adapter.utxoWallet) await recordOwn(tx, network, b.number, b.own);
        await recordSweepSpends(tx, network, b.number, b.own.spends);
      }
      await updateNetwork(tx, network, { scannedBlock: last.number, scannedHash: last.hash });
      await pruneBlocks(tx, network, last.number, keep);
      return [...gone, ...(await dispatch(seen, (owner, r) => owner.seen(tx, r)))];
    });
    await runAfterCommit(after, afterError);
  }

  return {
    /** One pass: returns how many transfers became final. */
    /** One pass; `check()` (the job's lease) runs before each write and throws once it is lost. */
    async pass(check: () => void = () => undefined): Promise<number> {
      await checkIdentity();
      const head = await adapter.head();
      await loadAddresses();
      check();
      const state = await ensureNetwork(db, network);
      await updateNetwork(db, network, {
        headBlock: head,
        rpcOk: true,
        rpcError: null,
        checkedAt: new Date(),
      });
      halted = state.haltedAt !== null;
      if (halted) return 0;
      let scanned = state.scannedBlock;
      let scannedHash = state.scannedHash;
      if (scanned === null) {
        // A network read for the first time starts at the node's newest block, kept as the start
        // (with its hash, the floor of any rewind).
        const ref = head > 0 ? await adapter.blockRef(head - 1) : null;
        scanned = head - 1;
        scannedHash = ref?.hash ?? null;
        await db.transaction(async (tx) => {
          if (ref) await insertBlocks(tx, [{ network, ...ref }]);
          await updateNetwork(tx, network, {
            scannedBlock: scanned,
            scannedHash,
            startBlock: scanned,
            startHash: scannedHash,
          });
        });
      } else if (scanned >= 0) {
        const ref = await adapter.blockRef(scanned);
        if (!ref) {
          log.warn(
            { network, scanned, head },
            `${network}: the node does not have block ${scanned} (behind?); waiting`,
          );
          return 0;
        }
        if (ref.hash !== scannedHash) {
          check();
          await rewind(scanned, state);
          return 0;
        }
        // A halt cleared while the node came back to our chain: the approval to read again lapses.
        if (state.haltedReason !== null) await updateNetwork(db, network, { haltedReason: null });
      }
      const to = Math.min(head, scanned + maxBlocks);
      if (to > scanned) {
        const own = utxoNodeOf(adapter)
          ? new Set([
              ...(adapter.utxoWallet ? await unspentOutpoints(db, network) : []),
              ...(await sweepOutpoints(db, network)),
            ])
          : undefined;
        const read = linked(
          await adapter.scan(scanned + 1, to, (a) => watched.has(a), own && ((o) => own.has(o))),
          scannedHash,
        );
        check();
        if (!read.ok) {
          await rewind(scanned, state);
          return 0;
        }
        if (read.blocks.length > 0) {
          await record(read.blocks);
          scanned = (read.blocks[read.blocks.length - 1] as ScannedBlock).number;
        }
      }
      check();
      return confirm(scanned);
    },
    /** Reading is stopped (a reorganisation too deep to follow): the network's payouts wait too. */
    get halted() {
      return halted;
    },
    /** How many addresses are watched (the back office, benchmarks). */
    watchedCount: () => watched.size,
  };
}
export type Scanner = ReturnType<typeof createScanner>;
