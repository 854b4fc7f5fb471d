import type { FastifyBaseLogger } from 'fastify';
import type { ChainNetworkConfig } from '../../chain-config';
import type { Config } from '../../config';
import type { Db, RunStatement } from '../../db/client';
import type { JobLeases } from '../../lib/job-lease';
import type { AccountService } from '../account/account.service';
import type { AuditTrail } from '../admin/audit.service';
import { createChainService } from '../chain/chain.service';
import type { Faucet } from '../chain/demo-chain';
import { createConvertService } from '../convert/convert.service';
import type { FeedService } from '../feed/feed.service';
import { createFundingService } from '../funding/funding.service';
import { createHistoryService } from '../history/history.service';
import { createPriceSource } from '../prices/price-sources';
import { createPriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import { createAssetCatalog } from '../wallets/asset-catalog';
import { createWalletsService } from '../wallets/wallets.service';
import { createLedgerService } from './ledger.service';

/** The money modules' services (prices, ledger, wallets, convert, funding, chains), wired together. */
export function createMoneyServices(ctx: {
  db: Db;
  run: RunStatement;
  feed: Pick<FeedService, 'publish'>;
  config: Config;
  log: FastifyBaseLogger;
  system: SystemService;
  account: AccountService;
  /** Which instance runs the periodic jobs (price refresh, card reconciliation). */
  leases?: JobLeases;
  /** Admins' deposit decisions are logged in their own transaction. */
  audit: AuditTrail;
  /** Demo mode's local chains, watched once they are up (and their test deposits). */
  demoChains?: Promise<{ networks: ChainNetworkConfig[]; faucet: Faucet } | undefined>;
  /** Test seams of the payout worker and chains built by a test (chain.service). */
  chainTest?: Pick<Parameters<typeof createChainService>[0], 'adapters' | 'payoutHooks'>;
}) {
  const { db, run, feed, config, log, system, account } = ctx;
  const catalog = createAssetCatalog(db);
  const prices = createPriceService({
    db,
    source: createPriceSource(config.prices),
    tickers: async () => (await catalog.all()).map((a) => a.ticker),
    refreshSeconds: config.prices.refreshSeconds,
    maxAgeSeconds: config.prices.maxAgeSeconds,
    log,
    ...(ctx.leases ? { leases: ctx.leases } : {}),
  });
  const ledger = createLedgerService({ db });
  // Watched networks (DECISIONS §10): addresses, scanning and payouts, under the job leases.
  const chain = createChainService({
    db,
    config: config.chains,
    demo: config.demo,
    catalog,
    ledger,
    prices,
    log,
    ...(ctx.leases ? { leases: ctx.leases } : {}),
    ...(ctx.demoChains ? { later: ctx.demoChains } : {}),
    ...ctx.chainTest,
  });
  const wallets = createWalletsService({
    catalog,
    prices,
    ledger,
    preferredCurrency: (userId) => account.preferredCurrency(userId),
    networkOf: (ticker) => chain.watched(ticker)?.network,
    networksVersion: () => chain.version,
  });
  const convert = createConvertService({
    db,
    run,
    account,
    catalog,
    prices,
    system,
    lockTtlSeconds: config.lockTtlSeconds,
  });
  const funding = createFundingService({
    db,
    catalog,
    ledger,
    feed,
    audit: ctx.audit,
    chain,
    demo: config.demo,
  });
  return {
    prices,
    ledger,
    catalog,
    wallets,
    convert,
    funding,
    chain,
    history: createHistoryService({ db }),
    /** At app start: the house and fee accounts exist, then prices load and refresh on a timer. */
    async start() {
      await ledger.prepare((await catalog.all()).map((a) => a.id));
      await prices.start();
      await chain.start();
    },
    async stop() {
      await chain.stop();
      await prices.stop();
    },
  };
}
