import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { createIntervalJob } from '../../lib/interval-job';
import type { JobLeases } from '../../lib/job-lease';
import { deleteOldChallenges } from './challenges.repository';

/** How often ended challenges are removed, and how long after their end they are kept. */
export const SWEEP_EVERY_MS = 10 * 60 * 1000;
export const KEEP_ENDED_MS = 60 * 60 * 1000;

/** Removes the challenges that ended more than KEEP_ENDED_MS before `now`; answers how many. */
export const sweepEndedChallenges = (db: DbOrTx, now = new Date()) =>
  deleteOldChallenges(db, new Date(now.getTime() - KEEP_ENDED_MS));

/**
 * Sign-in, passkey and step-up challenges live 5 minutes, and anyone may ask for a password-less
 * one: those ended an hour ago are removed, on one instance (leases), so the table stays small.
 */
export function createChallengeSweepJob(db: DbOrTx, log: FastifyBaseLogger, leases?: JobLeases) {
  return createIntervalJob({
    name: 'ended second-factor challenges removed',
    everyMs: SWEEP_EVERY_MS,
    pass: () => sweepEndedChallenges(db),
    log,
    ...(leases ? { leases } : {}),
  });
}
