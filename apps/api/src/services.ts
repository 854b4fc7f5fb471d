import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { TokenService } from './lib/tokens';
import { createAccountService } from './modules/account/account.service';
import { createAuthService } from './modules/auth/auth.service';
import { createContentService } from './modules/content/content.service';
import { createExchangeService } from './modules/exchange/exchange.service';
import { createExpiryJob } from './modules/exchange/expiry-job';
import { createFeedService, type FeedService } from './modules/feed/feed.service';
import { createMoneyServices } from './modules/ledger/money-services';
import { createMailService } from './modules/mail/mail.service';
import { createSystemService } from './modules/system/system.service';

export interface ServiceContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  log: FastifyBaseLogger;
  /** A feed built elsewhere (tests: their own Redis channel); the modules that publish get it too. */
  feed?: FeedService;
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
  const account = createAccountService({ db });
  const mail = createMailService({ db, config: ctx.config, log: ctx.log });
  const auth = createAuthService({ db, config: ctx.config, tokens: ctx.tokens, account, mail });
  const content = createContentService({ db });
  const { start, stop, ...money } = createMoneyServices({
    db,
    run: ctx.database.run,
    feed,
    config: ctx.config,
    log: ctx.log,
    system,
    account,
  });
  const exchange = createExchangeService({
    db,
    catalog: money.wallets.catalog,
    prices: money.prices,
    system,
    mail,
    ledger: money.ledger,
    feed,
    publicUrl: ctx.config.publicUrl,
    expiryMinutes: ctx.config.exchangeExpiryMinutes,
    log: ctx.log,
  });
  // Checked a few times per window (at most every minute) so an exchange expires close to its time.
  const expiryEveryMs = Math.min(60_000, Math.max(200, (ctx.config.exchangeExpiryMinutes * 60_000) / 4));
  const expiry = createExpiryJob(exchange, expiryEveryMs, ctx.log);
  /** Background work started when the app is ready and stopped when it closes. */
  const lifecycle = {
    async start() {
      await start();
      expiry.start();
    },
    async stop() {
      await expiry.stop();
      await stop();
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
    lifecycle,
  };
}

export type Services = ReturnType<typeof createServices>;
