import { estimateExchange } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ADDR, type Assets, createOk, prepareAssets, validCreate } from './exchange.test-helpers';

let t: TestApp;
let a: Assets;
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
});
afterAll(() => t.close());

const content = async <T>(url: string): Promise<T> =>
  (await t.request({ method: 'GET', url })).json().content;

describe('the live "you receive" preview and the server quote', () => {
  it('agree to the last unit: the preview from the published rate and fee equals what creation fixes', async () => {
    for (const [source, destination, amount] of [
      [a.btc, a.eth, '0.02'],
      [a.btc, a.xrp, '0.01234567'],
      [a.eth, a.btc, '1.5'],
    ] as const) {
      // What the app already loads: the pair's rate, the fee rate and the assets' decimals.
      const q = `sourceWalletId=${source}&destinationWalletId=${destination}`;
      const rate = await content<string>(`/api/PublicExchange/exchangeRate?${q}`);
      const settings = await content<{ feeRate: string }>('/api/settings');
      const wallets = await content<{ id: string; decimals: number }[]>('/api/Wallets/list');
      const decimals = (id: string) => wallets.find((w) => w.id === id)?.decimals ?? -1;
      const preview = estimateExchange({
        amount,
        rate,
        feeRate: settings.feeRate,
        sourceDecimals: decimals(source),
        destinationDecimals: decimals(destination),
      });

      const ticker = destination === a.btc ? 'BTC' : destination === a.xrp ? 'XRP' : 'ETH';
      const over = { sourceWalletId: source, destinationWalletId: destination, amount };
      const id = await createOk(t, validCreate(a, { ...over, destinationWalletAddress: ADDR[ticker] }));
      const created = await content<{ destinationAmount: string; exchangeRate: string }>(
        `/api/PublicExchange/exchange/${id}`,
      );
      expect(created.exchangeRate).toBe(rate);
      expect(preview?.receive.toFixed(), `${amount}`).toBe(created.destinationAmount);
    }
  });
});
