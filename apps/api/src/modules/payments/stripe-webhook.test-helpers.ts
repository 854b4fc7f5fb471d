import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

/** A v1 snapshot event as Stripe posts it to a webhook endpoint, rendered at the library's version. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  return {
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The raw body and Stripe-Signature header of a webhook, signed by the library's own test helper. */
export function signedWebhook(event: object, secret: string, timestamp?: number) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });
  return { rawBody: Buffer.from(payload), signature };
}
