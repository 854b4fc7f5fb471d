import { randomBytes } from 'node:crypto';
import { PARTNER_LIMITS, type PartnerWebhookEvent } from '@vaultline/shared';
import { AppError, notFound } from '../../../lib/errors';
import type { PartnerDeps } from '../partner-deps';
import * as repo from './endpoints.repository';
import { checkWebhookUrl, type HostLookup, systemLookup, UrlRefused } from './ssrf-guard';
import { createWebhookDelivery } from './webhook-delivery';
import type { SenderOptions } from './webhook-sender';
import { listenForWork } from './webhook-wake';

const HOUR = 3_600_000;
const PAGE = 50;

/** The secret signs every event to the endpoint; shown once, on creation or rotation. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const WEBHOOK_ERRORS = {
  notFound: 'No such webhook endpoint.',
  deliveryNotFound: 'No such delivery.',
  limit: (max: number) => `At most ${max} webhook endpoints.`,
  refused: 'This address cannot receive webhooks: use a public address (https in production).',
} as const;

/**
 * Signed webhooks of the partner area (DECISIONS §11, decision 0037): endpoints, the delivery log
 * and the delivery job. Events are queued by the database itself (migration 0025).
 */
export function createPartnerWebhooks(deps: Pick<PartnerDeps, 'db' | 'config' | 'log' | 'mail'>) {
  const { db, config, log } = deps;
  const settings = config.partnerWebhooks;
  let lookup: HostLookup = systemLookup;
  const sender = (): SenderOptions => ({
    lookup,
    allowLoopback: settings.allowLoopback,
    httpsOnly: config.isProduction,
    timeoutMs: settings.timeoutMs,
  });
  const delivery = createWebhookDelivery({
    db,
    log,
    mail: deps.mail,
    publicUrl: config.publicUrl,
    sender,
    retry: { baseMs: settings.retryBaseMs, maxMs: 6 * HOUR, maxAgeMs: 72 * HOUR, disableAfterMs: 24 * HOUR },
    pollMs: settings.pollMs,
    concurrency: 32,
  });
  let unlisten: (() => Promise<void>) | undefined;

  async function ownEndpoint<T>(p: Promise<T | undefined | false>): Promise<T> {
    const r = await p;
    if (r === undefined || r === false) throw notFound(WEBHOOK_ERRORS.notFound, 'WEBHOOK_NOT_FOUND');
    return r;
  }

  return {
    delivery,
    /** Tests answer the name lookup themselves (no DNS query leaves the machine). */
    useLookup(l: HostLookup) {
      lookup = l;
    },
    async create(partnerId: string, body: { url: string; events: string[] }) {
      const max = PARTNER_LIMITS.maxEndpoints;
      if ((await repo.countEndpoints(db, partnerId)) >= max)
        throw new AppError(409, 'WEBHOOK_LIMIT', WEBHOOK_ERRORS.limit(max), undefined, { max: String(max) });
      try {
        await checkWebhookUrl(body.url, sender());
      } catch (err) {
        if (!(err instanceof UrlRefused)) throw err;
        // The class refused is for the operator (the partner reads one refusal for all); no URL.
        log.info({ partnerId, refused: err.detail ?? err.reason }, 'webhook endpoint refused');
        throw new AppError(422, 'WEBHOOK_URL_REFUSED', WEBHOOK_ERRORS.refused, { url: err.reason });
      }
      const secret = newSecret();
      const { id } = await repo.insertEndpoint(db, { partnerId, url: body.url, events: body.events, secret });
      log.info({ endpointId: id, partnerId }, 'webhook endpoint created');
      return { id, secret };
    },
    async list(partnerId: string) {
      const rows = await repo.listEndpoints(db, partnerId);
      return rows.map(endpointOut);
    },
    async remove(partnerId: string, id: string) {
      await ownEndpoint(repo.deleteEndpoint(db, partnerId, id));
      log.info({ endpointId: id, partnerId }, 'webhook endpoint deleted');
    },
    async rotate(partnerId: string, id: string) {
      const secret = newSecret();
      await ownEndpoint(repo.rotateSecret(db, partnerId, id, secret));
      log.info({ endpointId: id, partnerId }, 'webhook secret rotated');
      return { secret };
    },
    async enable(partnerId: string, id: string) {
      const r = await ownEndpoint(repo.enableEndpoint(db, partnerId, id));
      delivery.kick();
      return endpointOut(r);
    },
    async deliveries(partnerId: string, cursor: string | undefined) {
      const at = cursor?.indexOf('_') ?? -1;
      const key = cursor && at > 0 ? { micros: cursor.slice(0, at), id: cursor.slice(at + 1) } : undefined;
      const rows = await repo.listDeliveries(db, partnerId, PAGE + 1, key);
      const page = rows.slice(0, PAGE);
      return {
        items: page.map(deliveryOut),
        nextCursor: rows.length > PAGE ? (page[page.length - 1]?.cursor ?? null) : null,
      };
    },
    async replay(partnerId: string, id: string) {
      const newId = await repo.replayDelivery(db, partnerId, id);
      if (!newId) throw notFound(WEBHOOK_ERRORS.deliveryNotFound, 'WEBHOOK_DELIVERY_NOT_FOUND');
      delivery.kick();
      const row = await repo.findDelivery(db, partnerId, newId);
      if (!row) throw notFound(WEBHOOK_ERRORS.deliveryNotFound, 'WEBHOOK_DELIVERY_NOT_FOUND');
      return deliveryOut(row);
    },
    start() {
      unlisten = listenForWork(db, log, () => delivery.kick());
      delivery.start();
    },
    async stop() {
      await unlisten?.();
      await delivery.stop();
    },
  };
}
export type PartnerWebhooks = ReturnType<typeof createPartnerWebhooks>;

type EndpointRow = Awaited<ReturnType<typeof repo.listEndpoints>>[number];
function endpointOut(r: EndpointRow) {
  return {
    ...r,
    events: r.events as PartnerWebhookEvent[],
    createdAt: r.createdAt.toISOString(),
    failingSince: iso(r.failingSince),
    disabledAt: iso(r.disabledAt),
  };
}

type DeliveryRow = Awaited<ReturnType<typeof repo.listDeliveries>>[number];
function deliveryOut(r: DeliveryRow) {
  return {
    ...r,
    type: r.type as PartnerWebhookEvent,
    nextAttemptAt:
      r.status === 'pending' && Number.isFinite(r.nextAttemptAt.getTime())
        ? r.nextAttemptAt.toISOString()
        : null,
    deliveredAt: iso(r.deliveredAt),
    createdAt: r.createdAt.toISOString(),
  };
}
