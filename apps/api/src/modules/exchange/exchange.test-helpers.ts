import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { assets, guestExchanges } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { assetId } from '../ledger/ledger.test-helpers';

export const ADDR = {
  BTC: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  ETH: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
  XRP: 'rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv',
} as const;
export const BTC_HASH = 'ab'.repeat(32);
/** A BTC-shaped hash never used before: one hash can be claimed by one exchange or deposit only. */
export const newBtcHash = () => randomBytes(32).toString('hex');
export const ETH_HASH = `0x${'cd'.repeat(32)}`;

export interface Assets {
  btc: string;
  eth: string;
  xrp: string;
  ltc: string;
  usd: string;
}

/** Deposit addresses for BTC, ETH and XRP (not LTC), and the asset ids the tests use. */
export async function prepareAssets(t: TestApp): Promise<Assets> {
  const ids = {
    btc: await assetId(t, 'BTC'),
    eth: await assetId(t, 'ETH'),
    xrp: await assetId(t, 'XRP'),
    ltc: await assetId(t, 'LTC'),
    usd: await assetId(t, 'USD'),
  };
  await t.services.db
    .update(assets)
    .set({ adminWalletAddress: 'HOUSE-DEPOSIT-ADDRESS-0001' })
    .where(inArray(assets.id, [ids.btc, ids.eth, ids.xrp]));
  t.services.wallets.catalog.invalidate();
  return ids;
}

export const validCreate = (a: Assets, over: Record<string, unknown> = {}) => ({
  sourceWalletId: a.btc,
  destinationWalletId: a.eth,
  amount: '0.01',
  userEmail: 'guest.person@example.com',
  destinationWalletAddress: ADDR.ETH,
  ...over,
});

export const create = (t: TestApp, payload: object) =>
  t.request({ method: 'POST', url: '/api/PublicExchange/createExchange', payload });

export async function createOk(t: TestApp, payload: object): Promise<string> {
  const res = await create(t, payload);
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.body}`);
  return res.json().content.id as string;
}

export const countExchanges = async (t: TestApp) =>
  (await t.services.db.select().from(guestExchanges)).length;

export async function rowOf(t: TestApp, id: string) {
  const [row] = await t.services.db.select().from(guestExchanges).where(eq(guestExchanges.id, id));
  return row;
}
