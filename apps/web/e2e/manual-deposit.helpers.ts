import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request } from '@playwright/test';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs } from './exchange.helpers';
import { signInOn } from './support/admin-factor';

/** What the manual-deposit and tracking specs share. */
export interface Wallet {
  id: string;
  ticker: string;
  adminWalletAddress?: string;
}
export interface Stored {
  id: string;
  status: number;
  transactionHash: string | null;
  depositAddress: string | null;
}

// A lowercase Ethereum address (valid for the server's validator).
export const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

/** BTC and ETH as the demo admin reads them (with the house deposit address), and its session. */
export async function assetsAsAdmin(baseURL: string): Promise<{ admin: ApiAs; btc: Wallet; eth: Wallet }> {
  const admin = await apiAs(baseURL, E2E.adminEmail, E2E.adminPassword);
  const list = await admin.get<Wallet[]>('Wallets/list');
  const find = (t: string) => {
    const w = list.find((x) => x.ticker === t);
    if (!w) throw new Error(`no ${t} asset`);
    return w;
  };
  return { admin, btc: find('BTC'), eth: find('ETH') };
}

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-deposit';
export const WIDTHS = { desktop: 1280, phone: 390 } as const;

/** One full-page PNG of the page as it is now (theme and width as set). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let the notifications fade and the QR code draw before the picture.
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * The page in light and dark (the system theme, followed live while no choice is stored, so the
 * page keeps its state) at desktop and phone widths; back to light desktop afterwards.
 */
export async function screens(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `${name}-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

export const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('anonymousTransactions') ?? '[]') as Stored[]);
export const notification = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });

/** A guest exchange made straight through the API (for states the screens do not need to repeat). */
export async function createViaApi(baseURL: string, amount = '0.01'): Promise<string> {
  const ctx = await request.newContext({ baseURL });
  // Asset ids are per database: read them from the server the exchange is made on.
  const list = ((await (await ctx.get('/api/Wallets/list')).json()) as { content: Wallet[] }).content;
  const id = (t: string) => list.find((w) => w.ticker === t)?.id;
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/PublicExchange/createExchange', {
    headers: { 'x-xsrf-token': xsrf },
    data: {
      sourceWalletId: id('BTC'),
      destinationWalletId: id('ETH'),
      amount,
      userEmail: 'api-guest@example.com',
      destinationWalletAddress: ETH_ADDRESS,
    },
  });
  const body = (await res.json()) as { content?: { id: string }; error?: unknown };
  expect(res.status(), JSON.stringify(body.error)).toBe(200);
  await ctx.dispose();
  return body.content?.id ?? '';
}

/**
 * Admin/anonymousExchanges/update as the demo admin. Its body is a JSON string (the notes), which
 * ApiAs would send as plain text, so this signs in on its own context and sends it as JSON.
 */
export async function setStatus(baseURL: string, id: string, status: number, notes: string): Promise<void> {
  const ctx = await request.newContext({ baseURL });
  try {
    const login = await signInOn(ctx, baseURL, E2E.adminEmail, E2E.adminPassword);
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const token = ((await login.json()) as { content: { jwToken: string } }).content.jwToken;
    const res = await ctx.post(`/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`, {
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      data: JSON.stringify(notes),
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await ctx.dispose();
  }
}
