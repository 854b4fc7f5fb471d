import type { FastifyBaseLogger } from 'fastify';
import type { JobLeases } from './job-lease';

/**
 * A periodic pass run between start and stop (the services' lifecycle): never two passes at once,
 * a failing pass is logged and the next one still runs, stop waits for a pass in progress. With
 * `leases`, only the instance holding the job's lease runs it (once across instances, decision 0018);
 * the lease lasts two periods and is renewed on every pass, so a stopped holder is replaced quickly.
 */
export function createIntervalJob(opts: {
  name: string;
  everyMs: number;
  /** Returns how many things it did (logged when > 0). */
  pass: () => Promise<number>;
  log: FastifyBaseLogger;
  leases?: JobLeases;
}) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const leased = async () => (opts.leases ? opts.leases.take(opts.name, opts.everyMs * 2) : true);
  const pass = () =>
    leased()
      .then((mine) => (mine ? opts.pass() : 0))
      .then((n) => {
        if (n > 0) opts.log.info({ job: opts.name, count: n }, `${opts.name}: ${n} done`);
      })
      .catch((err) => opts.log.warn({ err, job: opts.name }, `${opts.name} failed`));
  return {
    start() {
      timer = setInterval(() => {
        running ??= pass().finally(() => {
          running = undefined;
        });
      }, opts.everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
