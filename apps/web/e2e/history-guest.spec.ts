import { expect, test } from '@playwright/test';
import { exchangeToHistoryItem } from '@vaultline/shared';
import {
  btcHash,
  card,
  guestExchange,
  type HistoryApis,
  historyApis,
  notification,
  shot,
  toggle,
} from './history.helpers';

// The history of a guest: the exchanges the browser holds, updated live over either transport.
let apis: HistoryApis;
const held = (baseURL: string | undefined) => guestExchange(baseURL ?? '', apis.btc, apis.eth);
const setExchangeStatus = (id: string, status: number, notes: string) =>
  apis.setExchangeStatus(id, status, notes);

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ baseURL }) => {
  apis = await historyApis(baseURL ?? '');
});
test.afterAll(async () => {
  await apis?.dispose();
});

for (const transport of ['polling', 'websocket'] as const) {
  test(`guest over ${transport}: confirm from the card, the admin's approval shows live within 2 s`, async ({
    page,
    baseURL,
  }) => {
    const exchange = await held(baseURL);
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

test('guest without exchanges: empty state with a link to buy-sell; CSV export of held exchanges', async ({
  page,
  baseURL,
}) => {
  await page.goto('/buy-sell/history');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start an exchange' })).toHaveAttribute('href', '/buy-sell');
  await shot(page, 'guest-empty');

  const exchange = await held(baseURL);
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
