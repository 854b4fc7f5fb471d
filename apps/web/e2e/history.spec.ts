import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { exchangeToHistoryItem, type HistoryPage, type PublicExchange } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs } from './exchange.helpers';
import { expectNoSeriousA11yViolations, signInViaApi } from './support';

interface Wallet {
  id: string;
  ticker: string;
}
interface AdminDeposit {
  id: string;
  transactionHash: string | null;
}

const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
/** A BTC-shaped transaction hash, new each time (the server refuses a hash it has seen). */
const btcHash = () => randomBytes(32).toString('hex');
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-history';
const WIDTHS = { desktop: 1280, phone: 390 } as const;

let admin: ApiAs;
let user: ApiAs;
/** Admin/anonymousExchanges/update takes a JSON string body (the notes), which ApiAs sends as text. */
let setExchangeStatus: (id: string, status: number, notes: string) => Promise<void>;
let btc: Wallet;
let eth: Wallet;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL ?? '', E2E.adminEmail, E2E.adminPassword);
  user = await apiAs(baseURL ?? '', E2E.userEmail, E2E.userPassword);
  const list = await user.get<Wallet[]>('Wallets/list');
  const find = (t: string) => {
    const w = list.find((x) => x.ticker === t);
    if (!w) throw new Error(`no ${t} asset`);
    return w;
  };
  btc = find('BTC');
  eth = find('ETH');
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/api/ping');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await ctx.post('/api/Auth', {
    headers: { 'x-xsrf-token': xsrf },
    data: { email: E2E.adminEmail, password: E2E.adminPassword },
  });
  const token = ((await login.json()) as { content: { jwToken: string } }).content.jwToken;
  setExchangeStatus = async (id, status, notes) => {
    const res = await ctx.post(`/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${status}`, {
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      data: JSON.stringify(notes),
    });
    expect(res.status(), await res.text()).toBe(200);
  };
});
test.afterAll(async () => {
  await admin?.dispose();
  await user?.dispose();
});

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page picture taken while scrolled draws the sticky header over the content.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const notification = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });
const card = (page: Page, id: string) => page.locator(`[data-testid="history-card"][data-id="${id}"]`);
const toggle = (page: Page, id: string) => card(page, id).getByRole('button').first();

/** A guest exchange made through the API, as the browser would hold it (no account, no token). */
async function guestExchange(baseURL: string): Promise<PublicExchange> {
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

for (const transport of ['polling', 'websocket'] as const) {
  test(`guest over ${transport}: confirm from the card, the admin's approval shows live within 2 s`, async ({
    page,
    baseURL,
  }) => {
    const exchange = await guestExchange(baseURL ?? '');
    const sockets: string[] = [];
    const polls: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    page.on('request', (r) => {
      if (r.url().includes('/feed/anonymousexchange/') && r.url().includes('transport=polling'))
        polls.push(r.url());
    });
    await page.goto('/home');
    await page.evaluate((item) => {
      localStorage.setItem('anonymousTransactions', JSON.stringify([item]));
    }, exchangeToHistoryItem(exchange));
    await page.goto(`/buy-sell/history?feedTransport=${transport}`);

    await expect(page.getByRole('heading', { name: 'Transaction history' })).toBeVisible();
    const badge = card(page, exchange.id).getByTestId('status-badge');
    await expect(badge).toHaveText('Awaiting Verification');
    await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');

    await toggle(page, exchange.id).click();
    await expect(toggle(page, exchange.id)).toHaveAttribute('aria-expanded', 'true');
    await expect(card(page, exchange.id).getByText(exchange.adminWalletAddress)).toBeVisible();
    await card(page, exchange.id).getByRole('button', { name: 'Confirm' }).click();
    await expect(notification(page, 'Input Required')).toBeVisible();
    await card(page, exchange.id).getByLabel('Transaction hash of your deposit').fill(btcHash());
    await card(page, exchange.id).getByRole('button', { name: 'Confirm' }).click();
    await expect(notification(page, 'Transaction confirmed successfully')).toBeVisible();
    await expect(badge).toHaveText('Pending');
    // Past the refresh that follows a confirm (1 s), so only the live feed can bring what comes next.
    await page.waitForTimeout(1500);

    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/PublicExchange/exchanges')) listCalls.push(r.url());
    });
    const started = Date.now();
    await setExchangeStatus(exchange.id, 1, 'Paid out');
    await expect(badge).toHaveText('Success', { timeout: 2000 });
    const title = `Transaction ${exchange.id.slice(0, 8)}... status: Success.`;
    await expect(notification(page, title)).toBeVisible({ timeout: 2000 });
    await expect(notification(page, title)).toContainText('Transaction status changed to: Success');
    const elapsed = Date.now() - started;
    expect(elapsed, `live update took ${elapsed} ms`).toBeLessThan(2000);
    expect(listCalls, 'no list request brought it').toEqual([]);
    // The browser's own record took the change too (spec-1 §4).
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('anonymousTransactions') ?? '[]'),
    );
    expect(stored[0]).toMatchObject({ id: exchange.id, status: 1 });

    const feedSockets = sockets.filter((u) => u.includes('/feed/anonymousexchange/'));
    if (transport === 'websocket') {
      expect(feedSockets.length).toBeGreaterThan(0);
      expect(polls).toEqual([]);
    } else {
      expect(feedSockets).toEqual([]);
      expect(polls.length).toBeGreaterThan(0);
    }
    test.info().annotations.push({ type: 'latency', description: `${transport}: ${elapsed} ms` });
  });
}

test('signed-in user: conversion, deposits and exchanges in the history, paginated, live, screenshots', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Oldest first; newest ends up on page 1.
  const depositOk = btcHash();
  await user.post('Payment/crypto/notify', { assetId: btc.id, amount: '0.05', transactionHash: depositOk });
  const depositBad = btcHash();
  await user.post('Payment/crypto/notify', { assetId: btc.id, amount: '0.02', transactionHash: depositBad });
  const deposits = await admin.get<AdminDeposit[]>('Admin/deposits');
  const depositId = (hash: string) => deposits.find((d) => d.transactionHash === hash)?.id ?? '';
  await admin.post(`Admin/deposits/${depositId(depositOk)}/approve`);
  await admin.post(`Admin/deposits/${depositId(depositBad)}/reject`, {
    notes: 'No such transfer on the chain',
  });
  const lock = await user.post<{ id: string }>('AssetConvert/lock', {
    leftAssetId: btc.id,
    rightAssetId: eth.id,
  });
  const conversionId = await user.post<string>('AssetConvert/convert', {
    transactionLockId: lock.id,
    amount: '0.01',
  });
  const exchange = (body: object = {}) =>
    user.post<{ id: string }>('PublicExchange/createExchange', {
      sourceWalletId: btc.id,
      destinationWalletId: eth.id,
      amount: '0.01',
      userEmail: E2E.userEmail,
      destinationWalletAddress: ETH_ADDRESS,
      ...body,
    });
  const onHold = (await exchange()).id;
  await setExchangeStatus(onHold, -1, 'On hold: sender check');
  const pending = (await exchange()).id;
  await user.post('PublicExchange/confirmTransaction', { exchangeId: pending, transactionHash: btcHash() });
  const awaiting = (await exchange()).id;
  const awaitingDeposit = btcHash();
  await user.post('Payment/crypto/notify', {
    assetId: btc.id,
    amount: '0.03',
    transactionHash: awaitingDeposit,
  });
  const latestDeposit =
    depositId(awaitingDeposit) ||
    (await admin.get<AdminDeposit[]>('Admin/deposits')).find((d) => d.transactionHash === awaitingDeposit)
      ?.id;

  const first = await user.get<HistoryPage>('History?page=1&pageSize=5');
  const total = first.total;
  expect(total).toBeGreaterThanOrEqual(7);
  expect(first.items.map((i) => i.kind)).toContain('exchange');

  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/buy-sell/history');
  await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 5 of ${total} transactions`);
  await expect(page.getByTestId('page-count')).toHaveText(`Page 1 of ${Math.ceil(total / 5)}`);
  await expect(page.getByTestId('history-card')).toHaveCount(5);
  for (const id of [awaiting, pending, onHold, conversionId]) await expect(card(page, id)).toBeVisible();
  await expect(card(page, conversionId).getByTestId('status-badge')).toHaveText('Success');
  await expect(card(page, onHold).getByTestId('status-badge')).toHaveText('Not Processed');
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');
  await expectNoSeriousA11yViolations(page);

  // Each status expanded (spec-1 §2 details), light desktop.
  const expanded = async (id: string, name: string) => {
    await toggle(page, id).click();
    await expect(toggle(page, id)).toHaveAttribute('aria-expanded', 'true');
    await shot(page, name);
  };
  await expanded(awaiting, 'status-awaiting-verification');
  await expect(card(page, awaiting).getByLabel('Transaction hash of your deposit')).toBeVisible();
  await expanded(pending, 'status-pending');
  await expect(toggle(page, awaiting)).toHaveAttribute('aria-expanded', 'false');
  await expanded(onHold, 'status-not-processed');
  await expect(card(page, onHold)).toContainText('On hold: sender check');
  await expanded(conversionId, 'status-success');
  await expect(card(page, conversionId).getByRole('button', { name: 'Copy transaction hash' })).toHaveCount(
    0,
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('showing')).toHaveText(
    `Showing 6 to ${Math.min(10, total)} of ${total} transactions`,
  );
  const failedId = depositId(depositBad);
  await expect(card(page, failedId).getByTestId('status-badge')).toHaveText('Failed');
  await expanded(failedId, 'status-failed');
  await expect(card(page, failedId)).toContainText('No such transfer on the chain');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByTestId('showing')).toHaveText(`Showing 1 to 5 of ${total} transactions`);
  await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);

  // Live for a user: the admin approves the newest deposit while the page is open.
  const started = Date.now();
  await admin.post(`Admin/deposits/${latestDeposit}/approve`);
  await expect(card(page, latestDeposit ?? '').getByTestId('status-badge')).toHaveText('Success', {
    timeout: 2000,
  });
  expect(Date.now() - started).toBeLessThan(2000);

  // Light and dark, desktop and phone, with the awaiting exchange open.
  await toggle(page, awaiting).click();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `list-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });

  for (const lang of ['fr-fr', 'de-de', 'ru-ru']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByTestId('history-card')).toHaveCount(5);
    await toggle(page, awaiting).click();
    await shot(page, `lang-${lang}`);
    // On a phone the header's buttons wrap rather than run off the screen (French's are the longest).
    await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
    for (const button of await page.locator('main header button').all()) {
      const box = await button.boundingBox();
      expect(box ? box.x + box.width : 0, String(await button.textContent())).toBeLessThanOrEqual(
        WIDTHS.phone,
      );
    }
    await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  }
});

test('guest without exchanges: empty state with a link to buy-sell; CSV export of held exchanges', async ({
  page,
  baseURL,
}) => {
  await page.goto('/buy-sell/history');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start an exchange' })).toHaveAttribute('href', '/buy-sell');
  await shot(page, 'guest-empty');

  const exchange = await guestExchange(baseURL ?? '');
  await page.evaluate((item) => {
    localStorage.setItem('anonymousTransactions', JSON.stringify([item]));
  }, exchangeToHistoryItem(exchange));
  await page.reload();
  await expect(card(page, exchange.id)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vaultline-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const { readFileSync } = await import('node:fs');
  const text = readFileSync(file, 'utf8');
  expect(text.split('\r\n')[1]).toContain(`${exchange.id},exchange,awaiting_verification`);
});

test('signed-in CSV export downloads the server file', async ({ page }) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/buy-sell/history');
  await expect(page.getByTestId('history-card')).toHaveCount(5);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vaultline-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  const { total } = await user.get<HistoryPage>('History?page=1&pageSize=5');
  expect(lines).toHaveLength(total + 1);
  expect(lines[0]).toMatch(/^id,kind,status,/);
});
