import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { contentOf, createPartnerClient } from '@vaultline/partner-client';
import { Decimal } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import {
  auditClean,
  type Chains,
  chainApp,
  deposit,
  exchangeRow,
  GUEST,
  payoutsOf,
  startChains,
  waitFor,
} from '../../chain/chain.test-helpers';
import { makePartner, type TestPartner, withKey } from '../partners.test-helpers';

// A variable-rate partner exchange on the local EVM chains (anvil), through the typed client on the
// listening API as a partner's server calls it: created at one price, settled at the price of the
// moment its deposit is final, commission included, then paid out on chain.
const fixture = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../../prices/fixtures/coinbase-exchange-rates.json'), 'utf8'),
) as { data: { currency: string; rates: Record<string, string> } };
const rates = { ...fixture.data.rates };
let server: Server;
let chains: Chains;
let t: TestApp;
let p: TestPartner;

beforeAll(async () => {
  // A Coinbase-like price source whose prices the test moves.
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: { currency: 'USD', rates } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  chains = await startChains({ confirmations: 3 });
  t = await chainApp(chains, {
    PRICE_SOURCE: 'coinbase',
    PRICE_SOURCE_URL: `http://127.0.0.1:${address.port}`,
  });
  p = await makePartner(t, { commission: '0.01' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
  await new Promise<void>((r) => {
    server.close(() => r());
    server.closeAllConnections();
  });
});

describe('POST /api/v1/exchanges/variable on a watched network', () => {
  it('settles at the price when the deposit is final, commission included, and pays that out', async () => {
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const client = createPartnerClient({ baseUrl, apiKey: p.key });
    const read = (id: string) =>
      contentOf(client.GET('/api/v1/exchanges/{id}', { params: { path: { id } } }));
    const coins = await contentOf(client.GET('/api/v1/coins'));
    expect(coins.find((c) => c.ticker === 'ETH')?.variable).toBe(true);
    const e = await contentOf(
      client.POST('/api/v1/exchanges/variable', {
        body: {
          from: 'ETH',
          to: 'BNB',
          amount: '0.05',
          destinationAddress: GUEST.BNB,
          refundAddress: GUEST.REFUND,
        },
      }),
    );
    expect(e).toMatchObject({
      mode: 'variable',
      status: 'awaiting_deposit',
      network: 'ETH',
      requiredConfirmations: 3,
    });
    const created = await exchangeRow(t, e.id);
    expect(created).toMatchObject({
      rateMode: 'variable',
      partnerId: p.userId,
      partnerCommissionRate: '0.01',
    });

    await deposit(chains.eth, e.depositAddress, '0.05');
    await waitFor(async () => (await read(e.id)).status === 'confirming', 20_000, 'the deposit seen');
    // The price moves before the deposit is final: ETH 3200 -> 4000 USD.
    rates.ETH = '0.00025';
    await t.services.prices.refresh();
    await chains.eth.mine(2);
    const settled = await waitFor(
      async () => {
        const r = await exchangeRow(t, e.id);
        return r.chainResolution ? r : undefined;
      },
      20_000,
      'settled',
    );
    const rate = t.services.prices.freshUsd('ETH').div(t.services.prices.freshUsd('BNB'));
    expect(rate.toFixed()).toBe('6.4');
    // 0.05 ETH x 6.4 = 0.32 BNB; fee 0.5 % -> 0.3184; 1 % of that to the partner.
    const guest = new Decimal('0.05').mul(rate).mul('0.995');
    const commission = guest.mul('0.01').toDecimalPlaces(18, Decimal.ROUND_DOWN);
    expect(settled).toMatchObject({
      chainResolution: 'requote',
      rate: '6.4',
      partnerCommission: commission.toFixed(),
      destinationAmount: guest.minus(commission).toFixed(),
      amountReceived: '0.05',
    });
    expect(new Decimal(created.rate).toFixed()).toBe('5.12');

    await waitFor(async () => (await payoutsOf(t, e.id))[0]?.status === 'sent', 20_000, 'payout broadcast');
    // Mined and confirmed (3 confirmations): it settles the exchange.
    await chains.bsc.mine(3);
    const done = await waitFor(
      async () => {
        const v = await read(e.id);
        return v.status === 'success' ? v : undefined;
      },
      20_000,
      'success',
    );
    expect(done).toMatchObject({ destinationAmount: '0.315216', commission: '0.003184' });
    expect(done.payoutHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await auditClean(t)).toBe(true);
  }, 60_000);

  it('without an amount, the minimum at the current price is expected', async () => {
    const res = await withKey(t, p.key, {
      method: 'POST',
      url: '/api/v1/exchanges/variable',
      payload: { from: 'ETH', to: 'BNB', destinationAddress: GUEST.BNB },
    });
    expect(res.statusCode, res.body).toBe(201);
    const min = new Decimal(99).div(t.services.prices.freshUsd('ETH')).toDecimalPlaces(18, Decimal.ROUND_UP);
    expect(res.json().content.amount).toBe(min.toFixed());
  });
});
