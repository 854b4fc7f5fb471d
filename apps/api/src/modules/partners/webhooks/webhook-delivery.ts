import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { createIntervalJob } from '../../../lib/interval-job';
import type { MailService } from '../../mail/mail.service';
import {
  type ClaimedDelivery,
  claimDue,
  disableIfFailingSince,
  markDelivered,
  markExpired,
  markFailed,
  markPartnerDisabled,
} from './delivery.repository';
import { endpointDisabledMail } from './webhook-mail';
import { type SenderOptions, type SendResult, sendWebhook } from './webhook-sender';

export interface RetryPolicy {
  /** The first retry's wait; each next one doubles, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  /** Retried until this long after the event (3 days), then failed. */
  maxAgeMs: number;
  /** An endpoint failing without a success this long (a day) is disabled and its owner told. */
  disableAfterMs: number;
}

export interface DeliveryDeps {
  db: Db;
  log: FastifyBaseLogger;
  mail: Pick<MailService, 'stage'>;
  publicUrl: string;
  /** Read at each request (tests swap the name lookup). */
  sender: () => SenderOptions;
  retry: RetryPolicy;
  /** How often due retries are looked for; new events come by notification. */
  pollMs: number;
  /** Requests in flight at once from this instance. */
  concurrency: number;
  random?: () => number;
  /** How an event is posted (the real HTTP sender by default). */
  send?: typeof sendWebhook;
}

/** Exponential, with jitter (half the wait is random) so failed deliveries do not retry in step. */
export function retryDelay(
  attempts: number,
  policy: Pick<RetryPolicy, 'baseMs' | 'maxMs'>,
  random = Math.random,
) {
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return full / 2 + (random() * full) / 2;
}

/** The body every receiver gets; its `id` is the event's, the same on every retry (de-duplication). */
export const eventBody = (d: Pick<ClaimedDelivery, 'eventId' | 'type' | 'eventCreatedAt' | 'payload'>) =>
  JSON.stringify({ id: d.eventId, type: d.type, createdAt: d.eventCreatedAt.toISOString(), data: d.payload });

/**
 * The delivery job: a pass claims due deliveries (as many as free request slots) and starts their
 * requests without waiting for them, so one slow receiver does not hold others' events; a finished
 * request runs another pass, which records the successes so far in one statement and fills the freed
 * slots. Several instances share the work through the claim (SKIP LOCKED), not a lease.
 */
export function createWebhookDelivery(deps: DeliveryDeps) {
  const { db, log, retry } = deps;
  const send = deps.send ?? sendWebhook;
  const inflight = new Set<Promise<void>>();
  // A claim's lease outlasts a request (timeout) by far: the row is not taken twice while sent.
  const leaseMs = () => Math.max(60_000, deps.sender().timeoutMs * 4);

  /** Deliveries that succeeded since the last pass: written in one statement by the next one. */
  let delivered: { id: string; statusCode: number }[] = [];

  async function failed(d: ClaimedDelivery, r: SendResult) {
    const attempts = d.attempts + 1;
    await markFailed(db, d, {
      statusCode: r.statusCode,
      error: r.error ?? 'failed',
      delayMs: retryDelay(attempts, retry, deps.random),
      maxAgeMs: retry.maxAgeMs,
    });
    // The URL is the partner's and may carry a token of theirs: the log has the endpoint's id only.
    log.info(
      { deliveryId: d.id, endpointId: d.endpointId, status: r.statusCode, attempt: attempts },
      'webhook not delivered',
    );
    // The owner's e-mail is written in the transaction that disables the endpoint: once it is off,
    // its e-mail is in the outbox (nothing disables it again to send one later).
    const off = await db.transaction(async (tx) => {
      const e = await disableIfFailingSince(tx, d.endpointId, retry.disableAfterMs);
      return (
        e && { id: e.id, deliver: await deps.mail.stage(tx, endpointDisabledMail(e, e.url, deps.publicUrl)) }
      );
    });
    if (off) {
      log.warn({ endpointId: off.id }, 'webhook endpoint disabled after a day of failures');
      off.deliver();
    }
  }

  async function deliver(d: ClaimedDelivery) {
    if (d.partnerDisabled) return markPartnerDisabled(db, d.id);
    if (d.expired) return markExpired(db, d.id);
    const r = await send(deps.sender(), {
      url: d.url,
      secret: d.secret,
      eventId: d.eventId,
      body: eventBody(d),
    });
    if (r.ok) delivered.push({ id: d.id, statusCode: r.statusCode ?? 200 });
    else await failed(d, r);
  }

  /** Records the successes seen so far; a crash before this only sends them again (at least once). */
  async function flush() {
    if (delivered.length === 0) return;
    const batch = delivered;
    delivered = [];
    await markDelivered(db, batch).catch((err) => {
      delivered.push(...batch);
      throw err;
    });
  }

  async function pass(): Promise<number> {
    await flush();
    const room = deps.concurrency - inflight.size;
    if (room <= 0) return 0;
    const claimed = await claimDue(db, room, leaseMs(), retry.maxAgeMs);
    for (const d of claimed) {
      const p: Promise<void> = deliver(d)
        .catch((err) => log.warn({ err, deliveryId: d.id }, 'webhook delivery failed'))
        .finally(() => {
          inflight.delete(p);
          // The next pass records it and fills the slot (passes asked for during one run once after it).
          job.kick();
        });
      inflight.add(p);
    }
    // Not counted for the job's log: at 100 changes a second that would be a line each.
    return 0;
  }

  const job = createIntervalJob({
    name: 'partner webhooks delivered',
    everyMs: deps.pollMs,
    pass,
    log,
    immediate: true,
  });
  return {
    start: () => job.start(),
    /** Something was queued: look now (a notification, a replay, an enabled endpoint). */
    kick: () => job.kick(),
    async stop() {
      await job.stop();
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
      await flush().catch((err) => log.warn({ err }, 'webhook outcomes not recorded; they are sent again'));
    },
  };
}
export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
