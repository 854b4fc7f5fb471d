import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { foldKeptFigures } from '../../db/list-counts';
import { createIntervalJob } from '../../lib/interval-job';
import type { JobLeases } from '../../lib/job-lease';

/** How often the kept figures' deltas are folded (a read sums at most this much of them). */
export const FOLD_EVERY_MS = 5_000;

/**
 * Folds the deltas the triggers append (list counts, hourly stats; migration 0020) into their
 * totals, on one instance (leases), so a read sums a few seconds of changes at most.
 */
export function createKeptFiguresJob(db: DbOrTx, log: FastifyBaseLogger, leases?: JobLeases) {
  return createIntervalJob({
    name: 'kept figures folded',
    everyMs: FOLD_EVERY_MS,
    pass: async () => {
      await foldKeptFigures(db);
      return 0;
    },
    log,
    ...(leases ? { leases } : {}),
  });
}
