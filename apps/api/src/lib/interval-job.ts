import type { FastifyBaseLogger } from 'fastify';
import type { JobLeases } from './job-lease';

/** Thrown by `lease.check()` once the job's lease is lost: the pass stops before its next write. */
export class LeaseLost extends Error {
  constructor(job: string) {
    super(`${job}: the lease was lost to another instance; the pass stopped before its next write`);
    this.name = 'LeaseLost';
  }
}

/** What a pass is given: `check()` throws LeaseLost once the job's lease is lost (a no-op without leases). */
export interface PassLease {
  check(): void;
}

/**
 * A periodic pass run between start and stop (the services' lifecycle): never two passes at once,
 * a failing pass is logged and the next one still runs, stop waits for a pass in progress. With
 * `leases`, only the instance holding the job's lease runs it (once across instances, decision 0018);
 * the lease lasts two periods and is renewed on every pass, and every third of it while a pass runs
 * (a pass may outlast it: a reconciliation's scantxoutset), so a stopped holder is replaced quickly
 * and a slow one never shares its job. A renewal that finds the lease taken (or none confirmed
 * within the lease) marks it lost: the pass's next `lease.check()`, before each of its writes,
 * throws LeaseLost, and the pass stops there (logged once).
 */
export function createIntervalJob(opts: {
  name: string;
  everyMs: number;
  /** Returns how many things it did (logged when > 0); calls `lease.check()` before each write. */
  pass: (lease: PassLease) => Promise<number>;
  log: FastifyBaseLogger;
  leases?: JobLeases;
  /** Runs the first pass at start instead of one period later. */
  immediate?: boolean;
  /** How long the lease lasts (renewed on every pass); two periods by default. */
  leaseMs?: number;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const leaseMs = opts.leaseMs ?? opts.everyMs * 2;
  const leased = async () => (opts.leases ? opts.leases.take(opts.name, leaseMs) : true);
  /** Runs a pass under the lease, renewed meanwhile, so a pass longer than it is never run twice. */
  const held = async (takenAt: number) => {
    // Held until this time, as far as the last renewal that won says; lost once one loses.
    let until = takenAt + leaseMs;
    let lost = false;
    const renewOnce = async () => {
      const at = Date.now();
      if (await leased()) until = at + leaseMs;
      else lost = true;
    };
    const lease: PassLease = {
      check() {
        if (opts.leases && (lost || Date.now() >= until)) throw new LeaseLost(opts.name);
      },
    };
    const renew = opts.leases
      ? setInterval(() => void renewOnce().catch(() => undefined), Math.max(20, Math.floor(leaseMs / 3)))
      : undefined;
    renew?.unref();
    try {
      return await opts.pass(lease);
    } finally {
      if (renew) clearInterval(renew);
    }
  };
  const pass = () => {
    const at = Date.now();
    return leased()
      .then((mine) => (mine ? held(at) : 0))
      .then((n) => {
        if (n > 0) opts.log.info({ job: opts.name, count: n }, `${opts.name}: ${n} done`);
      })
      .catch((err) => {
        if (err instanceof LeaseLost) opts.log.warn({ job: opts.name }, err.message);
        else opts.log.warn({ err, job: opts.name }, `${opts.name} failed`);
      });
  };
  // A tick during a pass is skipped (the next period comes); a kick is not lost: one more pass runs
  // right after the one running.
  let again = false;
  const tick = (kicked = false) => {
    if (running) {
      if (kicked) again = true;
      return;
    }
    running = pass().finally(() => {
      running = undefined;
      if (again && timer) {
        again = false;
        tick();
      }
    });
  };
  return {
    start() {
      timer = setInterval(() => tick(), opts.everyMs);
      timer.unref();
      if (opts.immediate) tick();
    },
    /** Runs a pass now (or right after the one running): something happened that it should see at once. */
    kick() {
      if (timer) tick(true);
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
