import { CHAIN_ERRORS, type Decimal, type HoldReason, type OperatorTransfer } from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainNetworkConfig, ChainsConfig } from '../../chain-config';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { JobLeases } from '../../lib/job-lease';
import type { AuditTrail } from '../audit/audit.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { PriceService } from '../prices/prices.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import {
  type ChainDepositRow,
  depositsOfExchanges,
  ensureNetwork,
  exchangeDeposits,
  findChainDeposit,
  holdDeposits,
  networkRows,
  setDeposit,
} from './chain.repository';
import type { ChainAdapter, WatchedAsset } from './chain.types';
import { createChainAddresses } from './chain-addresses';
import { createChainAdmin } from './chain-admin';
import { explorerLink } from './chain-explorer';
import { createNetworkJobs } from './chain-jobs';
import { isHotWallet, refuseHotWallet } from './chain-keys';
import { type NetworkId, watchableNetworkOf } from './chain-networks';
import type { DepositOwner, PayoutOwner } from './chain-owners';
import type { PayoutWorkerDeps } from './chain-payouts';
import { latestReconciliations } from './chain-reconcile';
import type { DemoFunding, Faucet } from './demo-chain';
import { bookDemoFunding, bookOperatorTransfer } from './operator-transfers';
import {
  insertRequestedPayout,
  livePayoutOf,
  openPayoutCounts,
  type PayoutRow,
  payoutsOf,
} from './payouts.repository';
import { createSweeps } from './utxo/sweeps';

export interface ChainServiceDeps {
  db: Db;
  config: ChainsConfig;
  demo: boolean;
  catalog: Pick<AssetCatalog, 'byTicker' | 'byId' | 'all'>;
  ledger: Pick<LedgerService, 'post'>;
  /** The rate service: a payout is valued when it is signed (the automatic limits). */
  prices: Pick<PriceService, 'freshUsd'>;
  log: FastifyBaseLogger;
  leases?: JobLeases;
  /** Adapters built elsewhere (tests); by default one EVM adapter per configured network. */
  adapters?: ChainAdapter[];
  /** Test seams of the payout worker (a crash between signing and broadcasting). */
  payoutHooks?: PayoutWorkerDeps['hooks'];
  /** Demo mode's local chains: sends test deposits. */
  faucet?: Faucet;
  /** Networks that join once they are up (demo mode's local chains, started beside the server). */
  later?: Promise<
    | {
        networks: ChainNetworkConfig[];
        faucet?: Faucet;
        funded?: DemoFunding[];
        joined?(scanned: (network: string) => Promise<number | null>): Promise<void>;
      }
    | undefined
  >;
}

const noOwner: DepositOwner = {
  seen: async () => [],
  orphaned: async () => [],
  progress: async () => undefined,
  final: async () => [],
};
const noPayoutOwner: PayoutOwner = {
  mined: async () => [],
  failed: async () => [],
  cancelled: async () => [],
  changed: async () => undefined,
};

/**
 * Chains (DECISIONS §10, docs/chains.md): deposit addresses derived from the operator's extended
 * public keys, a scanner and a payout worker per watched network (one job under a lease, so one
 * instance runs them), hash claims on the networks that are not watched, and the back office's view.
 * The exchange and funding modules use it through this service only, and register themselves as
 * the owners of what arrives at their addresses and of the payouts they ask for.
 */
export function createChainService(deps: ChainServiceDeps) {
  const { db, config, log } = deps;
  const settings = new Map<NetworkId, ChainNetworkConfig>(config.networks.map((n) => [n.network, n]));
  const owners = { exchange: noOwner, user: noOwner };
  const payoutOwners: Record<PayoutRow['purpose'], PayoutOwner> = {
    exchange_payout: noPayoutOwner,
    exchange_refund: noPayoutOwner,
    deposit_refund: noPayoutOwner,
    withdrawal: noPayoutOwner,
  };
  const assetId = async (ticker: string) => (await deps.catalog.byTicker(ticker))?.id;
  const tickerOf = async (id: string) => (await deps.catalog.byId(id))?.ticker;
  const usdPrice = (ticker: string) => {
    try {
      return deps.prices.freshUsd(ticker);
    } catch {
      return undefined;
    }
  };
  let adapters: ChainAdapter[] = [];
  let stopped = false;
  let networksVersion = 0;
  let faucet = deps.faucet;

  const addresses = createChainAddresses({
    db,
    adapterOf,
    watched,
    isHotWallet: (address) => isHotWallet(adapters, address),
    log,
  });
  const networkJobs = createNetworkJobs({
    ...deps,
    settings,
    owners,
    payoutOwners,
    assetId,
    tickerOf,
    usdPrice,
  });
  /** Networks whose jobs have started are watched from now on. */
  function watch(added: ChainAdapter[]) {
    if (added.length === 0) return;
    adapters = [...adapters.filter((a) => !added.includes(a)), ...added];
    networksVersion++;
  }

  function adapterOf(network: NetworkId): ChainAdapter | undefined {
    return adapters.find((a) => a.network === network);
  }

  function watched(ticker: string): WatchedAsset | undefined {
    const network = watchableNetworkOf(ticker);
    if (!network) return undefined;
    const adapter = adapterOf(network);
    if (!adapter?.assets.some((a) => a.ticker === ticker)) return undefined;
    return {
      network,
      confirmations: settings.get(network)?.confirmations ?? 1,
      payouts: adapter.hotWallet !== undefined || adapter.utxoWallet !== undefined,
    };
  }

  const service = {
    /** The networks watched by this installation. */
    networks: (): NetworkId[] => adapters.map((a) => a.network),
    watched,
    /** BTC/LTC on a test chain check their own addresses (the library knows mainnet's only). */
    testAddress(ticker: string, address: string): boolean | undefined {
      const w = watched(ticker);
      if (!w || !settings.get(w.network)?.utxoKind || settings.get(w.network)?.utxoKind === 'mainnet')
        return undefined;
      return adapterOf(w.network)?.acceptsAddress?.(address);
    },
    settingsOf: (network: NetworkId) => settings.get(network),
    /** Throws PAYOUT_TO_HOT_WALLET (400) when a payout is asked to one of the hot wallets. */
    refuseHotWallet: (address: string) => refuseHotWallet(adapters, address.trim()),

    /** The exchange and funding modules, as owners of their addresses' deposits and their payouts. */
    register(o: {
      exchange?: DepositOwner;
      user?: DepositOwner;
      payouts?: Partial<Record<PayoutRow['purpose'], PayoutOwner>>;
    }) {
      if (o.exchange) owners.exchange = o.exchange;
      if (o.user) owners.user = o.user;
      Object.assign(payoutOwners, o.payouts ?? {});
    },

    ...addresses,

    /** Asks for a payout (sent by the job; waits for an admin past the limits). */
    async requestPayout(
      tx: DbOrTx,
      p: {
        ticker: string;
        to: string;
        amount: Decimal;
        usdValue: Decimal;
        purpose: PayoutRow['purpose'];
        reference: string;
        approvedBy?: string;
      },
    ): Promise<PayoutRow> {
      const w = watched(p.ticker);
      const id = await assetId(p.ticker);
      if (!w?.payouts || !id) throw new Error(`payouts in ${p.ticker} are not automatic`);
      return insertRequestedPayout(tx, { ...p, network: w.network, assetId: id }, adapterOf(w.network));
    },
    livePayout: (purpose: PayoutRow['purpose'], reference: string, on: DbOrTx = db) =>
      livePayoutOf(on, purpose, reference),
    payoutsOf: (references: string[]) => payoutsOf(db, references),

    /** The transfers seen to an exchange's address (or to several's), oldest first. */
    exchangeDeposits: (on: DbOrTx, exchangeId: string) => exchangeDeposits(on, exchangeId),
    depositsOfExchanges: (on: DbOrTx, exchangeIds: string[]) => depositsOfExchanges(on, exchangeIds),
    /** Why an admin must settle these transfers (HOLD_REASONS), in one statement. */
    holdDeposits: (tx: DbOrTx, holds: { id: string; reason: HoldReason }[]) => holdDeposits(tx, holds),
    lockDeposit: (tx: DbOrTx, id: string) => findChainDeposit(tx, id),
    setDeposit: (tx: DbOrTx, id: string, set: Partial<Pick<ChainDepositRow, 'holdReason'>>) =>
      setDeposit(tx, id, set),

    /** A link to a transaction on the explorer of a network (or an asset's network), when one is set. */
    explorerUrl: (networkOrTicker: string | null, hash: string | null): string | null =>
      explorerLink(settings, networkOrTicker, hash),

    /** Demo mode only: the local chain sends `amount` of the asset to this address. */
    async testDeposit(ticker: string, to: string, amount: Decimal): Promise<string> {
      if (!faucet || !watched(ticker)) throw forbidden(CHAIN_ERRORS.testDepositDemoOnly, 'DEMO_ONLY');
      return faucet.send(ticker, to, amount);
    },

    /**
     * Builds the adapters and starts one job per network (the lease holder reads and pays). Networks
     * that come later (demo mode's local chains, started beside the server) join when they are up.
     */
    async start() {
      stopped = false;
      networkJobs.open();
      watch(await networkJobs.start(config.networks, deps.adapters));
      void deps.later
        ?.then(async (more) => {
          if (!more || stopped) return;
          for (const n of more.networks) settings.set(n.network, n);
          if (more.faucet) faucet = more.faucet;
          for (const f of more.funded ?? []) await bookDemoFunding({ db, ledger: deps.ledger, assetId }, f);
          watch(await networkJobs.start(more.networks));
          await more.joined?.(async (n) => (await ensureNetwork(db, n)).scannedBlock);
        })
        .catch((err) => log.error({ err }, 'the demo chains could not be watched'));
    },
    async stop() {
      stopped = true;
      await networkJobs.stop();
    },
    /**
     * What the metrics show (plugins/metrics.ts): each watched network's last read block, the node's
     * head and whether it answered, and the open payouts by status.
     */
    async health() {
      const watchedNetworks = adapters.map((a) => a.network);
      const [networks, payouts] = await Promise.all([
        networkRows(db, watchedNetworks),
        watchedNetworks.length > 0 ? openPayoutCounts(db) : [],
      ]);
      return { networks, payouts };
    },
    /** The books against the chain (chain-reconcile.ts): one network now, by its job; the latest results. */
    reconcile: (network: NetworkId) => networkJobs.reconcile(network),
    reconciliations: () =>
      latestReconciliations(
        db,
        adapters.map((a) => a.network),
      ),
    /** Books the operator's own coins moved in or out of a network's addresses (an admin, audited). */
    bookOperatorTransfer: (network: NetworkId, actorId: string, t: OperatorTransfer, audit: AuditTrail) =>
      bookOperatorTransfer({ db, ledger: deps.ledger, assetId }, adapterOf(network), actorId, t, audit),
    /** Changes when a network starts being watched (answers cached by it stay right until then). */
    get version() {
      return networksVersion;
    },
  };

  const admin = createChainAdmin({
    db,
    catalog: deps.catalog,
    settings,
    adapters: () => adapters,
    limits: config,
    explorerUrl: service.explorerUrl,
    owners: payoutOwners,
    log,
  });
  const sweeps = createSweeps({
    db,
    adapters: () => adapters,
    ledger: deps.ledger,
    assetId,
    explorerUrl: service.explorerUrl,
  });
  // Not spread: `version` is a getter and must stay live.
  return Object.assign(service, { admin, sweeps });
}
export type ChainService = ReturnType<typeof createChainService>;
