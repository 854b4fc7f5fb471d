import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db, RunStatement } from '../../db/client';
import type { JobLeases } from '../../lib/job-lease';
import type { AuditService } from '../admin/audit.service';
import type { ChainService } from '../chain/chain.service';
import type { ExchangeService } from '../exchange/exchange.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';
import { createApiKeyAuth } from './api-keys';
import { createPartnerEarnings } from './earnings/earnings.service';
import { createPartnerAccounts } from './partner-accounts.service';
import { createPartnerRetention } from './retention/retention-job';
import { createPartnerApi } from './v1/v1.service';
import { createPartnerWebhooks } from './webhooks/webhooks.service';

/** What the partner module needs from the rest of the app (DECISIONS §11). */
export interface PartnerDeps {
  db: Db;
  /** Prepared hot statements (the API-key lookup of every partner API request). */
  run: RunStatement;
  config: Config;
  log: FastifyBaseLogger;
  redis: Redis | undefined;
  mail: MailService;
  audit: AuditService;
  exchange: ExchangeService;
  leases: JobLeases;
  /** Moves a partner's earnings to its wallet (the commissions are posted by the exchange's settlement). */
  ledger: Pick<LedgerService, 'post'>;
  /** The partner API's coins and quotes: assets, prices, settings and watched networks. */
  catalog: Pick<AssetCatalog, 'all' | 'byId' | 'byTicker'>;
  prices: Pick<PriceService, 'freshUsd'>;
  system: Pick<SystemService, 'publicSettings'>;
  chain: Pick<ChainService, 'watched'>;
}

/**
 * Partners: accounts and API keys, the versioned partner API (/api/v1), commissions and earnings,
 * and signed webhooks. Each part is built here; its jobs start and stop with the app.
 */
export function createPartners(deps: PartnerDeps) {
  const jobs: { start(): void; stop(): Promise<void> }[] = [];
  // Partner accounts and API keys; apiKeys authenticates the partner API (auth plugin, 'partner').
  const accounts = createPartnerAccounts(deps);
  const apiKeys = createApiKeyAuth(deps);
  const earnings = createPartnerEarnings(deps);
  // Signed webhooks: endpoints, the delivery log and the delivery job (webhooks/).
  const webhooks = createPartnerWebhooks(deps);
  jobs.push(webhooks);
  // Old idempotency keys and finished webhook events are deleted hourly (retention/).
  jobs.push(createPartnerRetention(deps));
  return {
    deps,
    accounts,
    apiKeys,
    earnings,
    webhooks,
    /** The partner API, version 1 (v1/). */
    api: createPartnerApi(deps),
    start() {
      for (const job of jobs) job.start();
    },
    async stop() {
      for (const job of jobs) await job.stop();
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
