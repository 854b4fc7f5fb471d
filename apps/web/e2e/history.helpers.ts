import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request } from '@playwright/test';
import type { PublicExchange } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs } from './exchange.helpers';
import { signInOn } from './support/admin-factor';

/** What the history specs share: the demo accounts' API sessions, the assets, and page helpers. */
export interface Wallet {
  id: string;
  ticker: string;
}
export interface AdminDeposit {
  id: string;
  transactionHash: string | null;
}

export const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
/** A BTC-shaped transaction hash, new each time (the server refuses a hash it has seen). */
export const btcHash = () => randomBytes(32).toString('hex');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-history';
export const WIDTHS = { desktop: 1280, phone: 390 } as const;

export interface HistoryApis {
  admin: ApiAs;
  user: ApiAs;
  /** Admin/anonymousExchanges/update takes a JSON string body (the notes), which ApiAs sends as text. */
  setExchangeStatus(id: string, status: number, notes: string): Promise<void>;
  btc: Wallet;
  eth: Wallet;
  dispose(): Promise<void>;
}

export async function historyApis(baseURL: string): Promise<HistoryApis> {
  const admin = await apiAs(baseURL, E2E.adminEmail, E2E.adminPassword);
  const user = await apiAs(baseURL, E2E.userEmail, E2E.userPassword);
  const list = await user.get<Wallet[]>('Wallets/list');
  const find = (t: string) => {
    const w = list.find((x) => x.ticker === t);
    if (!w) throw new Error(`no ${t} asset`);
    return w;
  };
  const ctx = await request.newContext({ baseURL });
  const login = await signInOn(ctx, baseURL, E2E.adminEmail, E2E.adminPassword);
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const token = ((await login.json()) as { content: { jwToken: string } }).content.jwToken;
  return {
    admin,
    user,
    btc: find('BTC'),
    eth: find('ETH'),
    async setExchangeStatus(id, status, notes) {
      const res = await ctx.post(`/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`, {
        headers: {
          authorization: `Bearer ${token}`,
          'x-xsrf-token': xsrf,
          'content-type': 'application/json',
        },
        data: JSON.stringify(notes),
      });
      expect(res.status(), await res.text()).toBe(200);
    },
    async dispose() {
      await admin.dispose();
      await user.dispose();
      await ctx.dispose();
    },
  };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page picture taken while scrolled draws the sticky header over the content.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export const notification = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });
export const card = (page: Page, id: string) => page.locator(`[data-testid="history-card"][data-id="${id}"]`);
export const toggle = (page: Page, id: string) => card(page, id).getByRole('button').first();

/** A guest exchange made through the API, as the browser would hold it (no account, no token). */
export async function guestExchange(baseURL: string, btc: Wallet, eth: Wallet): Promise<PublicExchange> {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/api/ping');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const post = async <T>(url: string, data: unknown): Promise<T> => {
    const res = await ctx.post(url, { headers: { 'x-xsrf-token': xsrf }, data });
    const body = (await res.json()) as { content: T; error?: unknown };
    expect(res.status(), JSON.stringify(body.error)).toBe(200);
    return body.content;
  };
  const { id } = await post<{ id: string }>('/api/PublicExchange/createExchange', {
    sourceWalletId: btc.id,
    destinationWalletId: eth.id,
    amount: '0.01',
    userEmail: 'history-guest@example.com',
    destinationWalletAddress: ETH_ADDRESS,
  });
  const [exchange] = await post<PublicExchange[]>('/api/PublicExchange/exchanges', { ids: [id] });
  await ctx.dispose();
  if (!exchange) throw new Error('exchange not found');
  return exchange;
}
