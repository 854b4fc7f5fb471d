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
import { createAuditService } from './modules/admin/audit.service';
import { createKeptFiguresJob } from './modules/admin/kept-figures-job';
import { createAuthService } from './modules/auth/auth.service';
import type { Faucet } from './modules/chain/demo-chain';
import { createContentService } from './modules/content/content.service';
import { createExchangeService } from './modules/exchange/exchange.service';
import { createExpiryJob } from './modules/exchange/expiry-job';
import { validAddress } from './modules/exchange/networks';
import { createFeedService, type FeedService } from './modules/feed/feed.service';
import { createFundingChainOwner } from './modules/funding/funding-chain';
import { createMoneyServices } from './modules/ledger/money-services';
import { createMailService } from './modules/mail/mail.service';
import { createPartners } from './modules/partners/partners.module';
import { createPayments } from './modules/payments/payments.module';
import { createPremiumService } from './modules/premium/premium.service';
import { createSystemService } from './modules/system/system.service';

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
  chainTest?: Parameters<typeof createMoneyServices>[0]['chainTest'];
}

const loadIoredis = () => createRequire(import.meta.url)('ioredis') as typeof import('ioredis');

/** Every module's service, built once per app. Modules reach each other only through these. */
export function createServices(ctx: ServiceContext) {
  const db: Db = ctx.database.db;
  // ioredis is loaded only when configured: it is ~0.1 s of a start without Redis (docs/performance.md).
  const redis = ctx.config.redisUrl
    ? new (loadIoredis().Redis)(ctx.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // The live feed (Socket.IO); attached to the HTTP server by the app when it is ready.
  const feed = ctx.feed ?? createFeedService({ config: ctx.config, log: ctx.log });
  const system = createSystemService({ db });
  // Each periodic job runs on one instance at a time: the holder of its lease (decision 0018).
  const leases = createJobLeases(db, `${ctx.config.instanceName}:${randomBytes(3).toString('hex')}`);
  // Every admin change is logged in the transaction that makes it (deposits, exchanges, back office).
  const audit = createAuditService({ db });
  const account = createAccountService({ db });
  const mail = createMailService({ db, config: ctx.config, log: ctx.log });
  const auth = createAuthService({ db, config: ctx.config, tokens: ctx.tokens, account, mail, log: ctx.log });
  const content = createContentService({ db, contactEmail: ctx.config.contactEmail });
  const { start, stop, ...money } = createMoneyServices({
    db,
    run: ctx.database.run,
    feed,
    config: ctx.config,
    log: ctx.log,
    system,
    account,
    audit,
    leases,
    ...(ctx.demoChains ? { demoChains: ctx.demoChains } : {}),
    ...(ctx.chainTest ? { chainTest: ctx.chainTest } : {}),
  });
  const exchange = createExchangeService({
    db,
    catalog: money.wallets.catalog,
    prices: money.prices,
    system,
    mail,
    ledger: money.ledger,
    feed,
    audit,
    publicUrl: ctx.config.publicUrl,
    expiryMinutes: ctx.config.exchangeExpiryMinutes,
    log: ctx.log,
    chain: money.chain,
    demo: ctx.config.demo,
  });
  // What arrives at exchanges' and users' own addresses, and the payouts exchanges ask for.
  money.chain.register({
    exchange: exchange.chainOwner,
    user: createFundingChainOwner({ db, ledger: money.ledger, feed }),
    payouts: exchange.payoutOwners,
  });
  const profile = createProfileService({ db, mail, system });
  // Card payments on the gateway's hosted checkout, settled by its webhooks (decision 0031).
  const payments = createPayments({
    db,
    config: ctx.config,
    log: ctx.log,
    ledger: money.ledger,
    catalog: money.catalog,
    prices: money.prices,
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
    log: ctx.log,
    manageUrl: `${payments.gateway.id === 'test' ? '' : ctx.config.publicUrl.replace(/\/$/, '')}/premium/manage`,
  });
  // Partners: API keys, the partner API, commissions and signed webhooks (DECISIONS §11).
  const partners = createPartners({
    db,
    run: ctx.database.run,
    config: ctx.config,
    log: ctx.log,
    redis,
    mail,
    audit,
    exchange,
    leases,
    ledger: money.ledger,
    catalog: money.wallets.catalog,
    prices: money.prices,
    system,
    chain: money.chain,
  });
  // Deposit addresses are checked with the guest exchange's network rules (decision 0016).
  const admin = createAdminService({ db, audit, validAddress, catalog: money.wallets.catalog, feed });
  const adminSettings = createAdminSettingsService({ system, audit, feed });
  // Checked a few times per window (at most every minute) so an exchange expires close to its time.
  const expiryEveryMs = Math.min(60_000, Math.max(200, (ctx.config.exchangeExpiryMinutes * 60_000) / 4));
  const expiry = createExpiryJob(exchange, expiryEveryMs, ctx.log, leases);
  const keptFigures = createKeptFiguresJob(db, ctx.log, leases);
  /** Background work started when the app is ready and stopped when it closes. */
  const lifecycle = {
    async start() {
      await start();
      payments.start();
      partners.start();
      expiry.start();
      keptFigures.start();
    },
    async stop() {
      // Reset links asked for just before the stop are still sent.
      await auth.idle();
      await expiry.stop();
      await keptFigures.stop();
      await payments.stop();
      await partners.stop();
      await stop();
      // Another instance takes the jobs over at its next pass instead of after the lease runs out.
      await leases.release().catch((err) => ctx.log.warn({ err }, 'job leases not released'));
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
    content,
    ...money,
    exchange,
    audit,
    admin,
    adminSettings,
    profile,
    premium,
    payments,
    partners,
    leases,
    lifecycle,
  };
}

export type Services = ReturnType<typeof createServices>;
