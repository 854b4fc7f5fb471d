import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainNetworkConfig } from './chain-config';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createJobLeases } from './lib/job-lease';
import type { TokenService } from './lib/tokens';
import { createAccountService } from './modules/account/account.service';
import { createProfileService } from './modules/account/profile.service';
import { createAdminService } from './modules/admin/admin.service';
import { createAdminSettingsService } from './modules/admin/admin-settings.service';
import { createKeptFiguresJob } from './modules/admin/kept-figures-job';
import { createAuditService } from './modules/audit/audit.service';
import { createAuthService } from './modules/auth/auth.service';
import { createChainService } from './modules/chain/chain.service';
import type { Faucet } from './modules/chain/demo-chain';
import { createContentService } from './modules/content/content.service';
import { createConvertService } from './modules/convert/convert.service';
import { createExchangeService } from './modules/exchange/exchange.service';
import { createExpiryJob } from './modules/exchange/expiry-job';
import { validAddress } from './modules/exchange/networks';
import { createFeedService, type FeedService } from './modules/feed/feed.service';
import { createFundingService } from './modules/funding/funding.service';
import { createFundingChainOwner } from './modules/funding/funding-chain';
import { createHistoryService } from './modules/history/history.service';
import { createLedgerService } from './modules/ledger/ledger.service';
import { createMailService } from './modules/mail/mail.service';
import { createPartners } from './modules/partners/partners.module';
import { createPayments } from './modules/payments/payments.module';
import { createPremiumService } from './modules/premium/premium.service';
import { createPriceSource } from './modules/prices/price-sources';
import { createPriceService } from './modules/prices/prices.service';
import { createSystemService } from './modules/system/system.service';
import { createChallengeSweepJob } from './modules/two-factor/challenge-sweep';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createTwoFactorSignIn } from './modules/two-factor/two-factor-signin';
import { createAssetCatalog } from './modules/wallets/asset-catalog';
import { createWalletsService } from './modules/wallets/wallets.service';
import type { WithdrawalEvents } from './modules/withdrawals/withdrawal-moves';
import { createWithdrawalPayouts } from './modules/withdrawals/withdrawal-payouts';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';

export interface ServiceContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  log: FastifyBaseLogger;
  /** A feed built elsewhere (tests: their own Redis channel); the modules that publish get it too. */
  feed?: FeedService;
  /** Demo mode's local chains, watched once they are up (and their test deposits). */
  demoChains?: Promise<{ networks: ChainNetworkConfig[]; faucet: Faucet } | undefined>;
  /** Chains built by a test, and the payout worker's test seams. */
  chainTest?: Pick<Parameters<typeof createChainService>[0], 'adapters' | 'payoutHooks'>;
}

const loadIoredis = () => createRequire(import.meta.url)('ioredis') as typeof import('ioredis');

/** Every module's service, built once per app. Modules reach each other only through these. */
export function createServices(ctx: ServiceContext) {
  const db: Db = ctx.database.db;
  const { config, log } = ctx;
  // ioredis is loaded only when configured: it is ~0.1 s of a start without Redis (docs/performance.md).
  const redis = config.redisUrl
    ? new (loadIoredis().Redis)(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // The live feed (Socket.IO); attached to the HTTP server by the app when it is ready.
  const feed = ctx.feed ?? createFeedService({ config, log });
  const system = createSystemService({ db });
  // Each periodic job runs on one instance at a time: the holder of its lease (decision 0018).
  const leases = createJobLeases(db, `${config.instanceName}:${randomBytes(3).toString('hex')}`);
  // Every admin change is logged in the transaction that makes it (deposits, exchanges, back office).
  const audit = createAuditService({ db });
  const account = createAccountService({ db });
  const mail = createMailService({ db, config, log });
  const twoFactor = createTwoFactorService({ db, config, mail, audit });
  const twoFactorSignIn = createTwoFactorSignIn({ db, twoFactor });
  const auth = createAuthService({
    db,
    config,
    tokens: ctx.tokens,
    account,
    mail,
    twoFactor,
    twoFactorSignIn,
    log,
  });
  const content = createContentService({ db, contactEmail: config.contactEmail });
  // The money modules (prices, ledger, wallets, convert, funding, chains), each given what it stands on.
  const catalog = createAssetCatalog(db);
  const prices = createPriceService({
    db,
    source: createPriceSource(config.prices),
    tickers: async () => (await catalog.all()).map((a) => a.ticker),
    refreshSeconds: config.prices.refreshSeconds,
    maxAgeSeconds: config.prices.maxAgeSeconds,
    log,
    leases,
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
    leases,
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
    run: ctx.database.run,
    account,
    catalog,
    prices,
    system,
    lockTtlSeconds: config.lockTtlSeconds,
  });
  // Admins' deposit decisions are logged in their own transaction.
  const funding = createFundingService({ db, catalog, ledger, feed, audit, chain, demo: config.demo });
  const history = createHistoryService({ db });
  const exchange = createExchangeService({
    db,
    catalog,
    prices,
    system,
    mail,
    ledger,
    feed,
    audit,
    publicUrl: config.publicUrl,
    expiryMinutes: config.exchangeExpiryMinutes,
    log,
    chain,
    demo: config.demo,
  });
  // What arrives at exchanges' and users' own addresses, and the payouts exchanges ask for.
  chain.register({
    exchange: exchange.chainOwner,
    user: createFundingChainOwner({ db, ledger, feed }),
    payouts: exchange.payoutOwners,
  });
  // Crypto withdrawals on watched networks are paid by the payout engine (decision 0054). A change is
  // told to its owner by the withdrawals module's events (live push, e-mail), created below.
  const withdrawalEvents: WithdrawalEvents = {
    changed: (w) => withdrawals.events.changed(w),
  };
  chain.register({
    payouts: { withdrawal: createWithdrawalPayouts({ db, ledger, chain, events: withdrawalEvents, log }) },
  });
  const profile = createProfileService({ db, mail, system });
  // Card payments on the gateway's hosted checkout, settled by its webhooks (decision 0031).
  const payments = createPayments({
    db,
    config,
    log,
    ledger,
    catalog,
    prices,
    account,
    audit,
    feed,
    mail,
    leases,
  });
  const premium = createPremiumService({
    db,
    gateway: payments.gateway,
    tokens: ctx.tokens,
    account,
    log,
    manageUrl: `${payments.gateway.id === 'test' ? '' : config.publicUrl.replace(/\/$/, '')}/premium/manage`,
  });
  // Partners: API keys, the partner API, commissions and signed webhooks (DECISIONS §11).
  const partners = createPartners({
    db,
    run: ctx.database.run,
    config,
    log,
    redis,
    mail,
    audit,
    exchange,
    leases,
    ledger,
    catalog,
    prices,
    system,
    chain,
  });
  // Deposit addresses are checked with the guest exchange's network rules (decision 0016).
  // Money out (issue 31): the user's side; `withdrawals.events` is what other paths tell of changes.
  const withdrawals = createWithdrawalsService({ db, config, catalog, ledger, prices, chain, mail, feed });
  const admin = createAdminService({ db, audit, validAddress, catalog, feed });
  const adminSettings = createAdminSettingsService({ system, audit, feed });
  // Checked a few times per window (at most every minute) so an exchange expires close to its time.
  const expiryEveryMs = Math.min(60_000, Math.max(200, (config.exchangeExpiryMinutes * 60_000) / 4));
  const expiry = createExpiryJob(exchange, expiryEveryMs, log, leases);
  const keptFigures = createKeptFiguresJob(db, log, leases);
  const challengeSweep = createChallengeSweepJob(db, log, leases);
  /** Background work started when the app is ready and stopped when it closes. */
  const lifecycle = {
    async start() {
      // The house and fee accounts exist, then prices load and refresh on a timer, then the chains.
      await ledger.prepare((await catalog.all()).map((a) => a.id));
      await prices.start();
      await chain.start();
      payments.start();
      partners.start();
      expiry.start();
      keptFigures.start();
      challengeSweep.start();
    },
    async stop() {
      // Reset links asked for just before the stop are still sent.
      await auth.idle();
      await expiry.stop();
      await keptFigures.stop();
      await challengeSweep.stop();
      await payments.stop();
      await partners.stop();
      await chain.stop();
      await prices.stop();
      // Another instance takes the jobs over at its next pass instead of after the lease runs out.
      await leases.release().catch((err) => log.warn({ err }, 'job leases not released'));
    },
  };
  return {
    db,
    redis,
    feed,
    tokens: ctx.tokens,
    system,
    account,
    mail,
    auth,
    twoFactor,
    content,
    prices,
    ledger,
    catalog,
    wallets,
    convert,
    funding,
    chain,
    history,
    exchange,
    audit,
    admin,
    adminSettings,
    profile,
    premium,
    payments,
    partners,
    withdrawals,
    withdrawalEvents,
    leases,
    lifecycle,
  };
}

export type Services = ReturnType<typeof createServices>;
