import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs, startServer } from './exchange.helpers';
import { expectNoSeriousA11yViolations } from './support';

interface Wallet {
  id: string;
  ticker: string;
  adminWalletAddress?: string;
}
interface Stored {
  id: string;
  status: number;
  transactionHash: string | null;
  depositAddress: string | null;
}

// A lowercase Ethereum address (valid for the server's validator) and a BTC-shaped hash.
const ETH_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const BTC_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

let admin: ApiAs;
let btc: Wallet;
let eth: Wallet;
/** The exchange made through the screens, reused by the tracking tests. */
let exchangeId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL ?? '', E2E.adminEmail, E2E.adminPassword);
  const list = await admin.get<Wallet[]>('Wallets/list');
  const find = (t: string) => {
    const w = list.find((x) => x.ticker === t);
    if (!w) throw new Error(`no ${t} asset`);
    return w;
  };
  btc = find('BTC');
  eth = find('ETH');
});
test.afterAll(async () => {
  await admin?.dispose();
});

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-deposit';
const WIDTHS = { desktop: 1280, phone: 390 } as const;

/** One full-page PNG of the page as it is now (theme and width as set). */
async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let the notifications fade and the QR code draw before the picture.
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * The page in light and dark (the system theme, followed live while no choice is stored, so the
 * page keeps its state) at desktop and phone widths; back to light desktop afterwards.
 */
async function screens(page: Page, name: string): Promise<void> {
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

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('anonymousTransactions') ?? '[]') as Stored[]);
const notification = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });

/** A guest exchange made straight through the API (for states the screens do not need to repeat). */
async function createViaApi(baseURL: string, amount = '0.01'): Promise<string> {
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
async function setStatus(baseURL: string, id: string, status: number, notes: string): Promise<void> {
  const ctx = await request.newContext({ baseURL });
  try {
    await ctx.get('/api/ping');
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const login = await ctx.post('/api/Auth', {
      headers: { 'x-xsrf-token': xsrf },
      data: { email: E2E.adminEmail, password: E2E.adminPassword },
    });
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

test('guest: home widget -> manual deposit form (checks in order) -> address and QR -> Done -> history', async ({
  page,
}) => {
  await page.goto('/home');
  const widget = page.locator('#exchange-widget');
  await widget.getByLabel('You give', { exact: true }).selectOption(btc.id);
  await widget.getByLabel('You receive', { exact: true }).selectOption(eth.id);
  await widget.getByLabel('Amount you give').fill('0.05');
  await widget.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/buy-sell/manual-deposit/${eth.id}\\?amount=0.05&sourceCurrency=BTC$`),
  );
  expect(await page.evaluate(() => localStorage.getItem('sourceAsset'))).toContain('"BTC"');

  // Form step: amount and estimate, the server's minimum, no memo field for ETH.
  await expect(page.getByTestId('summary-send')).toHaveText('0.05 BTC');
  await expect(page.getByTestId('summary-receive')).toContainText(/≈ [\d.,]+ ETH/);
  await expect(page.getByText(/^Minimum \$99 \(approximately [\d.]+ BTC\)$/)).toBeVisible();
  await expect(page.getByLabel(/memo/i)).toHaveCount(0);
  const getAddress = page.getByRole('button', { name: 'Get Address' });
  await expect(getAddress).toHaveAttribute('aria-disabled', 'true');
  await screens(page, 'deposit-form');

  // spec-1 §5 order: e-mail first, then the address. Get Address is marked disabled (aria-disabled)
  // until both are valid; Enter in a field still submits, and the form says what is missing.
  const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
  const address = page.getByLabel(/^Your ETH address/);
  await email.press('Enter');
  await expect(notification(page, 'Invalid Email')).toBeVisible();
  await expect(page.getByText('Please provide a valid email address.').first()).toBeVisible();
  await expect(email).toBeFocused();
  await email.fill('guest@example');
  await address.focus();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('guest@example.com');
  await email.press('Enter');
  await expect(notification(page, 'Invalid Wallet Address')).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'deposit-form-errors-light-desktop');

  // The server's own check: not an ETH address (a clear message, at the field).
  await address.fill('not-an-ethereum-address');
  await expect(getAddress).not.toHaveAttribute('aria-disabled');
  await getAddress.click();
  await expect(page.getByText('Please provide a valid wallet address.').first()).toBeVisible();
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  await address.fill(ETH_ADDRESS);
  await getAddress.click();
  await expect(notification(page, 'Exchange Created')).toBeVisible();
  await expect(page).toHaveURL(/[?&]exchange=[0-9a-f-]{36}$/);
  exchangeId = new URL(page.url()).searchParams.get('exchange') ?? '';

  // Submitted step: the house address (QR + copy), the exact amount, the fixed quote, the countdown.
  await expect(page.getByTestId('deposit-address')).toHaveText(btc.adminWalletAddress ?? '');
  await expect(page.getByRole('img', { name: 'QR code of the BTC deposit address' })).toBeVisible();
  await expect(page.getByTestId('deposit-amount')).toHaveText('0.05 BTC');
  await expect(page.getByTestId('deposit-receive')).toContainText('ETH');
  await expect(page.getByRole('timer')).toHaveText(/^(30:00|29:\d\d)$/);
  await expect(page.getByTestId('tracking-link')).toHaveAttribute('href', `/buy-sell/exchange/${exchangeId}`);
  expect(await page.evaluate(() => localStorage.getItem('sourceAsset'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('destinationAsset'))).toBeNull();
  expect(await stored(page)).toMatchObject([
    { id: exchangeId, status: 3, transactionHash: null, depositAddress: btc.adminWalletAddress },
  ]);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'deposit-submitted');

  // A reload keeps the submitted step (the id is in the URL).
  await page.reload();
  await expect(page.getByTestId('deposit-address')).toBeVisible();

  // Done: the hash is required; then confirmed, pending locally, and on to the history.
  const done = page.getByRole('button', { name: 'Done' });
  await done.click();
  await expect(notification(page, 'Input Required')).toBeVisible();
  await page.getByLabel(/^Transaction hash/).fill(BTC_HASH);
  await done.click();
  await expect(page).toHaveURL(/\/buy-sell\/history$/);
  await expect(notification(page, 'Transaction Confirmed')).toBeVisible();
  expect(await stored(page)).toMatchObject([{ id: exchangeId, status: 2, transactionHash: BTC_HASH }]);
});

test('manual deposit: an invalid amount is the third check; a source without an address goes back', async ({
  page,
}) => {
  await page.goto(`/buy-sell/manual-deposit/${eth.id}?amount=0&sourceCurrency=BTC`);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('guest@example.com');
  await page.getByLabel(/^Your ETH address/).fill(ETH_ADDRESS);
  // E-mail and address are valid, so Get Address is enabled; the amount is the third check.
  await page.getByRole('button', { name: 'Get Address' }).click();
  await expect(notification(page, 'Invalid Amount')).toBeVisible();
  await expect(page.getByText('Please enter a valid amount greater than zero.').first()).toBeVisible();

  await page.goto(`/buy-sell/manual-deposit/${eth.id}?amount=1&sourceCurrency=NOPE`);
  await expect(page).toHaveURL(/\/buy-sell$/);
  await expect(notification(page, 'Could not find source wallet. Please try again later.')).toBeVisible();
  await page.goto(
    '/buy-sell/manual-deposit/00000000-0000-4000-8000-000000000000?amount=1&sourceCurrency=BTC',
  );
  await expect(page).toHaveURL(/\/buy-sell$/);
  await expect(
    notification(page, 'Could not find destination wallet. Please try again later.'),
  ).toBeVisible();
});

test('tracking page: each status, notes, steps; opening it keeps the exchange in the browser', async ({
  page,
  baseURL,
}) => {
  expect(exchangeId).not.toBe('');
  await page.goto(`/buy-sell/exchange/${exchangeId}`);
  const badge = page.getByTestId('status-badge').first();
  await expect(badge).toHaveText('Pending');
  await expect(page.getByTestId('step-Checking')).toHaveAttribute('data-state', 'current');
  await expect(page.getByTestId('detail-hash')).toContainText(BTC_HASH);
  await expect(page.getByRole('button', { name: 'Done' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'tracking-pending');

  await setStatus(baseURL ?? '', exchangeId, -1, 'We need a second look at this deposit.');
  await page.reload();
  await expect(badge).toHaveText('Not Processed');
  await expect(page.getByTestId('step-Checking')).toHaveAttribute('data-state', 'hold');
  await expect(page.getByTestId('admin-notes')).toContainText('We need a second look at this deposit.');
  await shot(page, 'tracking-on-hold-light-desktop');

  await setStatus(baseURL ?? '', exchangeId, 0, 'The deposit did not arrive.');
  await page.reload();
  await expect(badge).toHaveText('Failed');
  await expect(page.getByTestId('step-Outcome')).toHaveAttribute('data-state', 'failed');
  await screens(page, 'tracking-failed');

  // No reload: the live feed watches this exchange and the page follows at once (the 60 s poll
  // would be far too late for this wait).
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');
  await setStatus(baseURL ?? '', exchangeId, 1, 'Paid out.');
  await expect(badge).toHaveText('Success');
  await expect(page.getByTestId('admin-notes')).toContainText('Paid out.');
  await expect(page.getByTestId('step-Outcome')).toHaveAttribute('data-state', 'done');
  await expect(notification(page, 'Transaction status changed to: Success')).toBeVisible();
  await screens(page, 'tracking-success');

  // A fresh browser holding only the link: opening it stores the exchange.
  const other = await page
    .context()
    .browser()
    ?.newPage({ baseURL: baseURL ?? '' });
  if (!other) throw new Error('no browser');
  await other.goto(`/buy-sell/exchange/${exchangeId}`);
  await expect(other.getByTestId('status-badge').first()).toHaveText('Success');
  expect(await stored(other)).toMatchObject([{ id: exchangeId, status: 1 }]);
  await other.close();

  await page.goto('/buy-sell/exchange/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Exchange not found')).toBeVisible();
  await page.goto('/buy-sell/exchange/not-an-id');
  await expect(page.getByText('Exchange not found')).toBeVisible();
});

test('tracking page while awaiting the deposit: address, QR, countdown, confirm in place', async ({
  page,
  baseURL,
}) => {
  const id = await createViaApi(baseURL ?? '');
  await page.goto(`/buy-sell/exchange/${id}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Awaiting Verification');
  await expect(page.getByTestId('deposit-address')).toHaveText(btc.adminWalletAddress ?? '');
  await expect(page.getByRole('img', { name: 'QR code of the BTC deposit address' })).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  expect(await stored(page)).toMatchObject([{ id, status: 3 }]);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'tracking-awaiting');
  for (const lang of ['fr-fr', 'de-de', 'ru-ru']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
    await expect(page.getByTestId('deposit-address')).toBeVisible();
    await shot(page, `tracking-awaiting-${lang}-light-desktop`);
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en-us'));
  await page.reload();

  await page.getByLabel(/^Transaction hash/).fill('bad hash');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('This is not a valid BTC transaction hash.').first()).toBeVisible();
  await page.getByLabel(/^Transaction hash/).fill(BTC_HASH.replace('a1', 'b2'));
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(notification(page, 'Transaction Confirmed')).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Pending');
  expect(await stored(page)).toMatchObject([{ id, status: 2 }]);
});

test('an unpaid exchange runs out of time: the countdown says so and the page shows it expired', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Our own server with a 6 s payment window (the shared one keeps the default 30 minutes).
  const server = await startServer(8311, {
    EXCHANGE_EXPIRY_MINUTES: '0.1',
    DEMO_ADMIN_EMAIL: E2E.adminEmail,
    DEMO_ADMIN_PASSWORD: E2E.adminPassword,
    DEMO_USER_EMAIL: E2E.userEmail,
    DEMO_USER_PASSWORD: E2E.userPassword,
  });
  try {
    const id = await createViaApi(server.baseURL);
    await page.goto(`${server.baseURL}/buy-sell/exchange/${id}`);
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^0:0[3-6]$/);
    await expect(timer).toHaveText(/^0:0[0-2]$/, { timeout: 8_000 });
    // Then either the countdown's "time has run out" notice or, as fast, the server's own expiry
    // (pushed by the live feed and read again at zero): failed with the note "Expired".
    await expect(
      page.getByTestId('deposit-expired').or(page.getByText('Expired before a deposit was confirmed.')),
    ).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('status-badge').first()).toHaveText('Failed', { timeout: 15_000 });
    await expect(page.getByTestId('admin-notes')).toContainText('Expired: no deposit was confirmed in time.');
    await expect(page.getByTestId('step-DepositSent')).toHaveAttribute('data-state', 'skipped');
    await page.setViewportSize({ width: WIDTHS.phone, height: 900 });
    await shot(page, 'tracking-expired-light-phone');
  } finally {
    await server.stop();
  }
});
