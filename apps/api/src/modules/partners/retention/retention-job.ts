import { createIntervalJob } from '../../../lib/interval-job';
import type { PartnerDeps } from '../partner-deps';
import { deleteOldIdempotencyKeys, deleteOldWebhookEvents } from './retention.repository';

const HOUR = 3_600_000;

/**
 * Partner data retention: idempotency keys and finished webhook events (with their deliveries) past
 * their retention (config.partnerRetention) are deleted hourly, on one instance at a time (the job's
 * lease, decision 0018). Deletes go in batches of `batch` rows, one short statement each, repeated
 * until a batch comes back short: no long lock, no huge transaction, whatever the backlog.
 */
export function createPartnerRetention(
  deps: Pick<PartnerDeps, 'db' | 'config' | 'log' | 'leases'>,
  opts: { batch?: number; everyMs?: number } = {},
) {
  const { db } = deps;
  const batch = opts.batch ?? 1000;
  const keysMs = deps.config.partnerRetention.idempotencyHours * HOUR;
  const eventsMs = deps.config.partnerRetention.webhookDays * 24 * HOUR;
  // Set by stop: a pass working through a large backlog ends after its current batch, so a
  // graceful stop does not wait for the whole backlog (the next pass goes on from there).
  let stopping = false;

  async function drain(step: () => Promise<number>) {
    let total = 0;
    for (;;) {
      const n = await step();
      total += n;
      if (n < batch || stopping) return total;
    }
  }

  /** One retention pass; returns the rows deleted (keys plus events). */
  async function pass() {
    const keys = await drain(() => deleteOldIdempotencyKeys(db, keysMs, batch));
    const events = await drain(() => deleteOldWebhookEvents(db, eventsMs, batch));
    return keys + events;
  }

  const job = createIntervalJob({
    name: 'partner data retention',
    everyMs: opts.everyMs ?? HOUR,
    pass,
    log: deps.log,
    leases: deps.leases,
  });
  return {
    pass,
    start() {
      stopping = false;
      job.start();
    },
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
