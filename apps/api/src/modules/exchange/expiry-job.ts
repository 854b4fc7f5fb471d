import type { FastifyBaseLogger } from 'fastify';
import { createIntervalJob } from '../../lib/interval-job';
import type { JobLeases } from '../../lib/job-lease';
import type { ExchangeService } from './exchange.service';

/** Runs the expiry pass on a timer between start and stop (services lifecycle). */
export function createExpiryJob(
  exchange: Pick<ExchangeService, 'expire'>,
  everyMs: number,
  log: FastifyBaseLogger,
  leases?: JobLeases,
) {
  return createIntervalJob({
    name: 'unpaid exchanges expired',
    everyMs,
    pass: () => exchange.expire(),
    log,
    ...(leases ? { leases } : {}),
  });
}
