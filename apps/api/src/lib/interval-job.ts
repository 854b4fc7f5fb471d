import type { FastifyBaseLogger } from 'fastify';
import type { JobLeases } from './job-lease';

/**
 * A periodic pass run between start and stop (the services' lifecycle): never two passes at once,
 * a failing pass is logged and the next one still runs, stop waits for a pass in progress. With
 * `leases`, only the instance holding the job's lease runs it (once across instances, decision 0018);
 * the lease lasts two periods and is renewed on every pass, and every third of it while a pass runs
 * (a pass may outlast it: a reconciliation's scantxoutset), so a stopped holder is replaced quickly
 * and a slow one never shares its job.
 */
export function createIntervalJob(opts: {
  name: string;
  everyMs: number;
  /** Returns how many things it did (logged when > 0). */
  pass: () => Promise<number>;
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
  const held = async () => {
    const renew = opts.leases
      ? setInterval(() => void leased().catch(() => undefined), Math.max(20, Math.floor(leaseMs / 3)))
      : undefined;
    renew?.unref();
    try {
      return await opts.pass();
    } finally {
      if (renew) clearInterval(renew);
    }
  };
  const pass = () =>
    leased()
      .then((mine) => (mine ? held() : 0))
      .then((n) => {
        if (n > 0) opts.log.info({ job: opts.name, count: n }, `${opts.name}: ${n} done`);
      })
      .catch((err) => opts.log.warn({ err, job: opts.name }, `${opts.name} failed`));
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
