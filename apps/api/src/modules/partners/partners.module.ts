import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobLeases } from '../../lib/job-lease';
import type { AuditService } from '../admin/audit.service';
import type { ExchangeService } from '../exchange/exchange.service';
import type { MailService } from '../mail/mail.service';

/** What the partner module needs from the rest of the app (DECISIONS §11). */
export interface PartnerDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  redis: Redis | undefined;
  mail: MailService;
  audit: AuditService;
  exchange: ExchangeService;
  leases: JobLeases;
}

/**
 * Partners: accounts and API keys, the versioned partner API (/api/v1), commissions and earnings,
 * and signed webhooks. Each part is built here; its jobs start and stop with the app.
 */
export function createPartners(deps: PartnerDeps) {
  const jobs: { start(): void; stop(): Promise<void> }[] = [];
  return {
    deps,
    start() {
      for (const job of jobs) job.start();
    },
    async stop() {
      for (const job of jobs) await job.stop();
    },
  };
}

export type Partners = ReturnType<typeof createPartners>;
