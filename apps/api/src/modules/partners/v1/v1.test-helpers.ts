import { eq } from 'drizzle-orm';
import { guestExchanges } from '../../../db/schema';
import type { TestApp } from '../../../test/test-app';
import { withKey } from '../partners.test-helpers';

export const ETH_ADDRESS = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
export const BTC_ADDRESS = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2';

/** A partner API call that must succeed; its envelope's content. */
export async function v1Ok(t: TestApp, key: string, url: string, payload?: object, headers?: object) {
  const res = await withKey(t, key, {
    method: payload ? 'POST' : 'GET',
    url,
    ...(payload ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
  return res.json().content;
}

export const quoteOf = (t: TestApp, key: string, body: object = { from: 'BTC', to: 'ETH', amount: '0.01' }) =>
  v1Ok(t, key, '/api/v1/quotes', body);

export async function exchangeRowOf(t: TestApp, id: string) {
  const [row] = await t.services.db.select().from(guestExchanges).where(eq(guestExchanges.id, id));
  if (!row) throw new Error(`no exchange ${id}`);
  return row;
}

export const partnerExchangeCount = async (t: TestApp, partnerId: string) =>
  (await t.services.db.select().from(guestExchanges).where(eq(guestExchanges.partnerId, partnerId))).length;
