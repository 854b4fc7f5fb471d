import type { Db } from '../../db/client';
import { stripeLib } from './stripe-lib';
import { books } from './test-gateway-books';

/** Posts one signed event to our webhook; answers the HTTP status. */
export type WebhookSender = (payload: string, signature: string) => Promise<number>;

/** Over HTTP to a URL, as Stripe does (TEST_GATEWAY_WEBHOOK_URL). */
export function httpSender(url: string, timeoutMs = 10_000): WebhookSender {
  return async (payload, signature) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.arrayBuffer();
    return res.status;
  };
}

/**
 * The test gateway's delivery of its events: each is signed with Stripe's scheme (the library's own
 * helper) at the moment it is sent, and sent again with a growing wait until the webhook answers
 * 2xx, as Stripe does. Events outlive a crash of the API: they are rows.
 */
export function createOutboxDelivery(opts: {
  db: Db;
  secret: string;
  send: () => WebhookSender | undefined;
}) {
  return async function deliverDue(now = new Date()): Promise<number> {
    const send = opts.send();
    if (!send) return 0;
    let delivered = 0;
    for (const e of await books.dueEvents(opts.db, now)) {
      const signature = stripeLib().webhooks.generateTestHeaderString({
        payload: e.payload,
        secret: opts.secret,
      });
      let problem: string;
      try {
        const status = await send(e.payload, signature);
        if (status >= 200 && status < 300) {
          await books.delivered(opts.db, e.id);
          delivered++;
          continue;
        }
        problem = `HTTP ${status}`;
      } catch (err) {
        problem = err instanceof Error ? err.message : String(err);
      }
      await books.failed(opts.db, e.id, e.attempts + 1, problem);
    }
    return delivered;
  };
}
