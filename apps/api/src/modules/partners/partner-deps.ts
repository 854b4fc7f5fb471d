import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db, RunStatement } from '../../db/client';
import type { JobLeases } from '../../lib/job-lease';
import type { AuditService } from '../audit/audit.service';
import type { ChainService } from '../chain/chain.service';
import type { ExchangeService } from '../exchange/exchange.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { PriceService } from '../prices/prices.service';
import type { SystemService } from '../system/system.service';
import type { AssetCatalog } from '../wallets/asset-catalog';

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
