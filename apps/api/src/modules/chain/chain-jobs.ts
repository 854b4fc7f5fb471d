import { Decimal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainNetworkConfig, ChainsConfig } from '../../chain-config';
import type { Db } from '../../db/client';
import { chainReconciliations } from '../../db/schema';
import { createIntervalJob, LeaseLost, type PassLease } from '../../lib/interval-job';
import type { JobLeases } from '../../lib/job-lease';
import type { LedgerService } from '../ledger/ledger.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { ensureNetwork, updateNetwork } from './chain.repository';
import type { ChainAdapter } from './chain.types';
import { checkDistinctKeys } from './chain-keys';
import { isEvmNetwork, type NetworkId, WATCHABLE_NETWORKS } from './chain-networks';
import type { DepositOwner, PayoutOwner } from './chain-owners';
import { createPayoutWorker, type PayoutWorkerDeps } from './chain-payouts';
import { RECONCILE_EVERY_MS, type ReconciliationRow, reconcileNetwork } from './chain-reconcile';
import { createScanner } from './chain-scanner';
import type { PayoutRow } from './payouts.repository';
import { rpcErrorText } from './rpc-error';

/**
 * The chain module's work on each watched network: one job (under a lease, so one instance runs
 * it) that reads new blocks and moves payouts on, woken early by the node's new heads.
 */
export function createNetworkJobs(deps: {
  db: Db;
  config: ChainsConfig;
  log: FastifyBaseLogger;
  demo: boolean;
  catalog: Pick<AssetCatalog, 'all'>;
  ledger: Pick<LedgerService, 'post'>;
  leases?: JobLeases;
  payoutHooks?: PayoutWorkerDeps['hooks'];
  settings: Map<NetworkId, ChainNetworkConfig>;
  owners: { exchange: DepositOwner; user: DepositOwner };
  payoutOwners: Record<PayoutRow['purpose'], PayoutOwner>;
  assetId: (ticker: string) => Promise<string | undefined>;
  tickerOf: (id: string) => Promise<string | undefined>;
  usdPrice: (ticker: string) => Decimal | undefined;
}) {
  const { db, log, assetId } = deps;
  const decimals = new Map<string, number>();
  const failing = new Set<string>();
  let jobs: { stop(): Promise<void> }[] = [];
  /** When each network is reconciled next (from its last stored check), and who waits for one now. */
  const reconcileAt = new Map<string, number>();
  const reconcileWaiters = new Map<string, ((rows: ReconciliationRow[]) => void)[]>();
  const kicks = new Map<string, () => void>();
  /** The adapters started so far (a network joining later is checked against them). */
  let started: ChainAdapter[] = [];
  let stopped = false;

  /** One pass of a network: read new blocks, then move payouts on. An outage is logged once. */
  function networkPass(
    adapter: ChainAdapter,
    scanner: ReturnType<typeof createScanner>,
    payouts: { pass(check?: () => void): Promise<number> },
    confirmations: number,
  ) {
    const network = adapter.network;
    return async (lease: PassLease) => {
      const check = () => lease.check();
      let done = 0;
      // Those who asked before this pass began are answered by it (a pass under way may have read
      // the chain before what they wait for).
      const asked = reconcileWaiters.get(network) ?? [];
      reconcileWaiters.delete(network);
      try {
        done += await scanner.pass(check);
        // A network whose reading stopped (a reorganisation too deep to follow) pays nothing either.
        if (!scanner.halted) done += await payouts.pass(check);
        check();
        // UTXO sweeps: booked when seen broadcast, offered again, or dropped (utxo/sweep-follow.ts).
        if (!scanner.halted && !isEvmNetwork(network))
          done += await (await import('./utxo/sweep-follow')).followSweeps(deps, adapter, confirmations);
        check();
        if (!scanner.halted) await reconcileIfDue(adapter, asked);
        else for (const w of asked) w([]);
        if (failing.delete(network))
          log.info({ network }, `${network}: the node answers again; reading on from the last block read`);
      } catch (err) {
        // Not reconciled: asked again at the next pass.
        if (asked.length > 0)
          reconcileWaiters.set(network, [...asked, ...(reconcileWaiters.get(network) ?? [])]);
        // Another instance holds the job now: the runner logs it once; the node is not at fault.
        if (err instanceof LeaseLost) throw err;
        const text = rpcErrorText(err);
        if (!failing.has(network)) {
          failing.add(network);
          const row = await ensureNetwork(db, network).catch(() => undefined);
          log.warn(
            { network, error: text },
            `${network}: node unreachable or answering badly (${text}); reading resumes from block ${(row?.scannedBlock ?? -1) + 1} when it answers`,
          );
        }
        await updateNetwork(db, network, { rpcOk: false, rpcError: text, checkedAt: new Date() }).catch(
          () => undefined,
        );
      }
      return done;
    };
  }

  /**
   * The books against the chain, hourly (and at once when asked), after the network's reading and
   * payouts: nothing of this network moves meanwhile. A failure is logged and tried at the next pass.
   */
  async function reconcileIfDue(adapter: ChainAdapter, waiters: ((rows: ReconciliationRow[]) => void)[]) {
    const network = adapter.network;
    if (!reconcileAt.has(network)) {
      const [last] = await db
        .select({ at: chainReconciliations.checkedAt })
        .from(chainReconciliations)
        .where(eq(chainReconciliations.network, network))
        .limit(1);
      reconcileAt.set(network, last ? last.at.getTime() + RECONCILE_EVERY_MS : 0);
    }
    if (waiters.length === 0 && Date.now() < (reconcileAt.get(network) ?? 0)) return;
    let rows: ReconciliationRow[];
    try {
      rows = await reconcileNetwork({ db, assetId }, adapter);
    } catch (err) {
      // A UTXO node's tip moved on during the check (utxo-adapter.ts): not an outage, again next pass.
      if ((err as Error).name !== 'HoldingsMovedOn') throw err;
      if (waiters.length > 0)
        reconcileWaiters.set(network, [...waiters, ...(reconcileWaiters.get(network) ?? [])]);
      return;
    }
    reconcileAt.set(network, Date.now() + RECONCILE_EVERY_MS);
    for (const r of rows)
      if (!new Decimal(r.difference).isZero())
        log.warn(
          { network, ticker: r.ticker, difference: r.difference, block: r.blockNumber },
          `ALERT ${network}: the books and the chain differ by ${r.difference} ${r.ticker} beyond what is in flight (chain ${r.chainHeld}, ledger ${r.ledgerHeld}, in flight ${r.inFlight}, block ${r.blockNumber})`,
        );
    for (const w of waiters) w(rows);
  }

  /**
   * Builds the adapters of these networks (or takes the given ones) and starts one job for each;
   * returns the adapters now watched.
   */
  async function start(list: ChainNetworkConfig[], given?: ChainAdapter[]): Promise<ChainAdapter[]> {
    let added = given ?? [];
    if (!given && list.length > 0) {
      // viem and the Bitcoin libraries load only where a network of their family is watched.
      const evm = list.some((n) => isEvmNetwork(n.network)) ? await import('./evm/evm-adapter') : undefined;
      const utxo = list.some((n) => !isEvmNetwork(n.network))
        ? await import('./utxo/utxo-adapter')
        : undefined;
      for (const a of await deps.catalog.all()) decimals.set(a.ticker, a.decimals);
      added = list.map((n) => {
        const network = n.network;
        if (isEvmNetwork(network))
          return (evm as NonNullable<typeof evm>).createEvmAdapter({
            network,
            rpcUrl: n.rpcUrl,
            xpub: n.xpub,
            usdtContract: n.usdtContract,
            decimals: (t) => decimals.get(t) ?? 18,
            hotWalletKey: n.hotWalletKey,
          });
        return (utxo as NonNullable<typeof utxo>).createUtxoAdapter({
          network,
          kind: n.utxoKind ?? 'mainnet',
          rpcUrl: n.rpcUrl,
          xpub: n.xpub,
          decimals: decimals.get(WATCHABLE_NETWORKS[network].native) ?? 8,
          ...(n.hotWalletKey && n.utxoPayouts
            ? { hotWallet: { keyHex: n.hotWalletKey.reveal(), ...n.utxoPayouts } }
            : {}),
        });
      });
    }
    // One address never has two owners: a start with keys that would give it two is refused.
    await checkDistinctKeys(db, [...started.filter((a) => !added.includes(a)), ...added]);
    started = [...started.filter((a) => !added.includes(a)), ...added];
    for (const adapter of added) {
      await ensureNetwork(db, adapter.network);
      // Stopped while this was being set up (demo chains joining as the server closes): no job.
      if (stopped) return [];
      const confirmations = deps.settings.get(adapter.network)?.confirmations ?? 1;
      const scanner = createScanner({
        db,
        adapter,
        confirmations,
        log,
        assetId,
        owners: deps.owners,
        demo: deps.demo,
        dust: (ticker) => deps.settings.get(adapter.network)?.dust[ticker],
      });
      const workerDeps: PayoutWorkerDeps = {
        db,
        adapter,
        confirmations,
        log,
        ledger: deps.ledger,
        assetId,
        tickerOf: deps.tickerOf,
        usdPrice: deps.usdPrice,
        owners: deps.payoutOwners,
        autoPayoutMaxUsd: deps.config.autoPayoutMaxUsd,
        autoPayoutDailyMaxUsd: deps.config.autoPayoutDailyMaxUsd,
        ...(deps.payoutHooks ? { hooks: deps.payoutHooks } : {}),
      };
      // UTXO networks pay in batches from the hot wallet's outputs; EVM ones one nonce at a time.
      const wallet = adapter.utxoWallet;
      const payouts = wallet
        ? (await import('./utxo/utxo-payouts')).createUtxoPayoutWorker({ ...workerDeps, wallet })
        : createPayoutWorker(workerDeps);
      const job = createIntervalJob({
        name: `chain ${adapter.network}`,
        everyMs: deps.config.pollMs,
        pass: networkPass(adapter, scanner, payouts, confirmations),
        log,
        immediate: true,
        // A pass may outlast two short polls (a node catching up); the lease outlasts it, and another
        // instance takes over within 15 s of a holder that stopped without releasing it.
        leaseMs: Math.max(deps.config.pollMs * 2, 15_000),
        ...(deps.leases ? { leases: deps.leases } : {}),
      });
      job.start();
      kicks.set(adapter.network, () => job.kick());
      const unwatch = adapter.watchHeads?.(() => job.kick());
      jobs.push({
        stop: async () => {
          unwatch?.();
          await job.stop();
        },
      });
    }
    return added;
  }

  return {
    start,
    /**
     * Reconciles a watched network at its job's next pass (the lease holder's; on another instance it
     * waits until `ms` is up and answers undefined).
     */
    reconcile(network: NetworkId, ms = 30_000): Promise<ReconciliationRow[] | undefined> {
      const kick = kicks.get(network);
      if (!kick) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(undefined), ms);
        const list = reconcileWaiters.get(network) ?? [];
        list.push((rows) => {
          clearTimeout(timer);
          resolve(rows);
        });
        reconcileWaiters.set(network, list);
        kick();
      });
    },
    /** Allows starts again (the service starting after a stop). */
    open() {
      stopped = false;
    },
    async stop() {
      stopped = true;
      await Promise.all(jobs.map((j) => j.stop()));
      jobs = [];
      started = [];
      kicks.clear();
      reconcileAt.clear();
    },
  };
}
