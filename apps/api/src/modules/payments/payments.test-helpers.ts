import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { WebhookSender } from './test-gateway-outbox';

export const GOOD = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';

/** The test gateway's hosted page: typed like a browser would (form-encoded, no /api, no token). */
export function payOnPage(t: TestApp, url: string, number: string, expiry = '12/39', cvc = '123') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ number, expiry, cvc }).toString(),
  });
}

/**
 * Holds the test gateway's webhooks until the test releases them: every delivery is recorded (its
 * payload and signature), and answered with the real webhook route through the app only when open.
 */
export function heldWebhooks(t: TestApp) {
  const seen: { payload: string; signature: string }[] = [];
  let open = false;
  const send: WebhookSender = async (payload, signature) => {
    seen.push({ payload, signature });
    if (!open) return 503;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test-gateway',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    return res.statusCode;
  };
  t.services.payments.useSender(send);
  return {
    seen,
    /** Delivers everything due now, through the webhook; answers how many the webhook accepted. */
    async release(): Promise<number> {
      open = true;
      try {
        return await t.services.payments.deliver(new Date(Date.now() + 3_600_000));
      } finally {
        open = false;
      }
    },
  };
}

export async function checkoutUrl(res: LightMyRequestResponse): Promise<string> {
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().content.url as string;
  expect(url).toMatch(/^\/gateway\/test\/checkout\/cs_test_[0-9a-f]+$/);
  return url;
}

export const checkoutIdOf = (location: string) => new URL(location, 'http://x').searchParams.get('id') ?? '';
