import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, RunStatement } from '../../db/client';
import type { AccountService } from '../account/account.service';
import { createConvertService } from '../convert/convert.service';
import type { FeedService } from '../feed/feed.service';
import { createFundingService } from '../funding/funding.service';
import { createPaymentGateway } from '../funding/payment-gateway';
import { createHistoryService } from '../history/history.service';
import { createPriceSource } from '../prices/price-sources';
import { createPriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import { createAssetCatalog } from '../wallets/asset-catalog';
import { createWalletsService } from '../wallets/wallets.service';
import { createLedgerService } from './ledger.service';

/** The money modules' services (prices, ledger, wallets, convert, funding, payments), wired together. */
export function createMoneyServices(ctx: {
  db: Db;
  run: RunStatement;
  feed: Pick<FeedService, 'publish'>;
  config: Config;
  log: FastifyBaseLogger;
  system: SystemService;
  account: AccountService;
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
  });
  const ledger = createLedgerService({ db });
  const payments = createPaymentGateway(config.paymentGateway);
  const wallets = createWalletsService({
    catalog,
    prices,
    ledger,
    preferredCurrency: (userId) => account.preferredCurrency(userId),
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
  const funding = createFundingService({ db, catalog, ledger, payments, feed });
  return {
    prices,
    ledger,
    payments,
    wallets,
    convert,
    funding,
    history: createHistoryService({ db }),
    /** At app start: the house and fee accounts exist, then prices load and refresh on a timer. */
    async start() {
      await ledger.prepare((await catalog.all()).map((a) => a.id));
      await prices.start();
    },
    stop: () => prices.stop(),
  };
}
