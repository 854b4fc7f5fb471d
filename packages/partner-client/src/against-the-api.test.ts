import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareAssets } from '../../../apps/api/src/modules/exchange/exchange.test-helpers';
import { makePartner, type TestPartner } from '../../../apps/api/src/modules/partners/partners.test-helpers';
import { createTestApp, type TestApp } from '../../../apps/api/src/test/test-app';
import { contentOf, createPartnerClient, PartnerApiError } from './index';

/**
 * The generated client against the real API, listening on loopback: a partner made through the real
 * routes calls /api/v1 with its key as a partner's server would, through the committed types.
 */
let t: TestApp;
let p: TestPartner;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await prepareAssets(t);
  p = await makePartner(t, { maxCommission: '0.02', commission: '0.01' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

const ETH_ADDRESS = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';

describe('the partner client on the running API', () => {
  it('reads with the key: the key itself and the coins', async () => {
    const client = createPartnerClient({ baseUrl, apiKey: p.key });
    expect(await contentOf(client.GET('/api/v1/key'))).toMatchObject({ partnerId: p.userId, keyId: p.keyId });
    const coins = await contentOf(client.GET('/api/v1/coins'));
    expect(coins.find((c) => c.ticker === 'BTC')).toMatchObject({ network: 'BTC', decimals: 8 });
  });

  it('quotes, then creates a fixed exchange once per Idempotency-Key, then reads it back', async () => {
    const client = createPartnerClient({ baseUrl, apiKey: p.key });
    const quote = await contentOf(
      client.POST('/api/v1/quotes', { body: { from: 'BTC', to: 'ETH', amount: '0.01' } }),
    );
    // Amounts are decimal strings: the commission (1 %) is taken from what the end user receives.
    expect(quote.amount).toBe('0.01');
    expect(typeof quote.destinationAmount).toBe('string');
    const create = () =>
      client.POST('/api/v1/exchanges/fixed', {
        params: { header: { 'idempotency-key': 'order-42' } },
        body: { quoteId: quote.id, destinationAddress: ETH_ADDRESS },
      });
    const first = await create();
    const again = await create();
    expect(first.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    const exchange = await contentOf(Promise.resolve(first));
    expect((await contentOf(Promise.resolve(again))).id).toBe(exchange.id);
    const read = await contentOf(
      client.GET('/api/v1/exchanges/{id}', { params: { path: { id: exchange.id } } }),
    );
    expect(read).toMatchObject({ id: exchange.id, status: 'awaiting_deposit' });
  });

  it('turns refusals into PartnerApiError with the API’s code', async () => {
    const wrong = createPartnerClient({ baseUrl, apiKey: `vl_${'A'.repeat(43)}` });
    await expect(contentOf(wrong.GET('/api/v1/coins'))).rejects.toMatchObject({
      status: 401,
      code: 'API_KEY_INVALID',
    });
    const client = createPartnerClient({ baseUrl, apiKey: p.key });
    const err = await contentOf(
      client.POST('/api/v1/quotes', { body: { from: '', to: 'ETH', amount: '1' } }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      fields: { from: 'Give a ticker, e.g. BTC' },
    });
  });
});
