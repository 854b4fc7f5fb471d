import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { Decimal, formatDisplay } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs, startServer } from './exchange.helpers';
import { expectNoSeriousA11yViolations, signInViaApi } from './support';

interface Wallet {
  id: string;
  ticker: string;
  amount: string;
}
interface AdminDeposit {
  id: string;
  status: number;
  transactionHash: string | null;
}

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-exchange';

let admin: ApiAs;
let user: ApiAs;
let btc: Wallet;
let eth: Wallet;
/** The conversion made in the flow test, reused for the status page screenshots. */
let transactionId = '';

const DEMO_ENV = {
  DEMO_ADMIN_EMAIL: E2E.adminEmail,
  DEMO_ADMIN_PASSWORD: E2E.adminPassword,
  DEMO_USER_EMAIL: E2E.userEmail,
  DEMO_USER_PASSWORD: E2E.userPassword,
};
test.describe.configure({ mode: 'serial' });

let depositAddress = '';

test.beforeAll(async ({ baseURL }) => {
  const base = baseURL ?? '';
  admin = await apiAs(base, E2E.adminEmail, E2E.adminPassword);
  user = await apiAs(base, E2E.userEmail, E2E.userPassword);
  const list = await user.get<Wallet[]>('Wallets/list');
  const find = (t: string) => {
    const w = list.find((x) => x.ticker === t);
    if (!w) throw new Error(`no ${t} asset`);
    return w;
  };
  btc = find('BTC');
  eth = find('ETH');
  // The house address an admin configured (the demo seed sets clearly fake ones).
  depositAddress = (await user.get<{ address: string }>(`Payment/crypto/address?assetId=${btc.id}`)).address;
});

test.afterAll(async () => {
  await admin?.dispose();
  await user?.dispose();
});

const walletAmount = (page: Page, ticker: string) =>
  page.getByTestId(`wallet-${ticker}`).getByTestId('wallet-amount');
/** The user's balance of one asset from the API (the demo seed may have funded it). */
const balance = async (ticker: string) =>
  new Decimal((await user.get<Wallet[]>('Wallets')).find((w) => w.ticker === ticker)?.amount ?? '0');
const shown = (amount: Decimal, ticker: string) => `${formatDisplay(amount, 'amount', 'en-us')} ${ticker}`;

test('a crypto deposit sent from the dialog is credited once an admin approves it', async ({ page }) => {
  const before = await balance('BTC');
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/wallets');
  await expect(page.getByRole('heading', { name: 'My wallets' })).toBeVisible();
  const card = page.getByTestId('wallet-BTC');
  await card.getByRole('button', { name: /Deposit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit BTC' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('deposit-address')).toHaveText(depositAddress);
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Field checks before anything is sent.
  await dialog.getByRole('button', { name: 'I have sent it' }).click();
  await expect(dialog.getByText('Please enter a valid amount')).toBeVisible();

  // A BTC hash is 64 hex digits (another form is refused), of its own each run.
  const hash = randomBytes(32).toString('hex');
  await dialog.getByLabel('Transaction hash').fill(hash);
  await dialog.getByLabel('Amount sent (BTC)').fill('0.05');
  await dialog.getByRole('button', { name: 'I have sent it' }).click();
  await expect(page.getByText('Deposit submitted')).toBeVisible();
  await expect(dialog).toBeHidden();

  const deposits = (await admin.get<{ items: AdminDeposit[] }>('Admin/deposits')).items;
  const mine = deposits.find((d) => d.transactionHash === hash);
  expect(mine?.status).toBe(3);
  await admin.post(`Admin/deposits/${mine?.id}/approve`);

  await page.reload();
  await expect(walletAmount(page, 'BTC')).toHaveText(shown(before.plus('0.05'), 'BTC'));
});

test('home widget, buy-sell, lock, preview, confirm, status, wallets', async ({ page }) => {
  const [btcBefore, ethBefore] = [await balance('BTC'), await balance('ETH')];
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/home');
  // The widget: crypto assets only, first and second asset by default.
  const give = page.getByLabel('You give');
  await expect(give).toBeVisible();
  await expect(give.locator('option')).not.toHaveCount(0);
  expect(await give.locator('option').allTextContents()).not.toContain('US Dollar (USD)');
  await expect(give.locator('option:checked')).toHaveText('Bitcoin (BTC)');
  await expect(page.getByLabel('You receive').locator('option:checked')).toHaveText('Ethereum (ETH)');

  await page.getByRole('link', { name: 'Buy / Sell now' }).click();
  await expect(page).toHaveURL(/\/buy-sell$/);
  await page.getByLabel('You give').selectOption({ label: 'Bitcoin (BTC)' });
  await page.getByLabel('You receive').selectOption({ label: 'Ethereum (ETH)' });
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText('Price locked, set an amount and confirm...')).toBeVisible();
  await expect(page).toHaveURL(/\/buy-sell\/preview\/[0-9a-f-]{36}$/);

  await expect(page.getByText(/^1 BTC = [\d,.]+ ETH$/)).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^0:(5\d|60|1:00)$|^1:00$/);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  const amount = page.getByLabel('Amount (BTC)');
  await amount.fill('abc');
  await expect(page.getByText('Please enter a valid amount')).toBeVisible();
  await amount.fill('0.0001');
  await expect(
    page.getByText(/^Minimum transaction value is \$99 \(approximately 0\.\d{8} BTC\)$/),
  ).toBeVisible();
  await expect(confirm).toBeDisabled();
  await amount.fill('0.01');
  await expect(confirm).toBeEnabled();
  await expect(page.getByTestId('receive-amount')).toHaveText(/^0\.\d{4} ETH$/);
  await confirm.click();

  await expect(page.getByText('Transaction started.')).toBeVisible();
  await expect(page).toHaveURL(/\/buy-sell\/transaction\/[0-9a-f-]{36}$/);
  transactionId = page.url().split('/').pop() ?? '';
  await expect(page.getByText('Done 100%')).toBeVisible();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const received = (await page.locator('dt:text-is("To") + dd').textContent())?.trim();
  expect(received).toMatch(/^0\.\d{4} ETH$/);
  const tx = await user.get<{ destinationAmount: string }>(`AssetConvert/transaction?id=${transactionId}`);
  const ethAfter = await balance('ETH');
  expect(ethAfter.toFixed()).toBe(ethBefore.plus(tx.destinationAmount).toFixed());
  expect(received).toBe(shown(new Decimal(tx.destinationAmount), 'ETH'));

  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(walletAmount(page, 'BTC')).toHaveText(shown(btcBefore.minus('0.01'), 'BTC'));
  await expect(walletAmount(page, 'ETH')).toHaveText(shown(ethAfter, 'ETH'));
});

test('cancelling a lock returns to buy-sell; an unknown transaction id too', async ({ page }) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/buy-sell');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(/\/buy-sell\/preview\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Transaction successfully cancelled.')).toBeVisible();
  await expect(page).toHaveURL(/\/buy-sell$/);

  await page.goto('/buy-sell/transaction/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText(/Could not load transaction$/)).toBeVisible();
  await expect(page).toHaveURL(/\/buy-sell$/);
});

test('a lock left to expire sends the user back to buy-sell', async ({ browser }) => {
  const server = await startServer(8501, { ...DEMO_ENV, LOCK_TTL_SECONDS: '5' });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await signInViaApi(page, E2E.userEmail, E2E.userPassword);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Convert' }).click();
    await expect(page).toHaveURL(/\/buy-sell\/preview\//);
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.getByText('This price lock has expired, please try again.')).toBeVisible({
      timeout: 10_000,
    });
    await expect(page).toHaveURL(/\/buy-sell$/);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('exchange screens pass axe and are captured light/dark, wide/narrow, en-us/de-de', async ({ page }) => {
  test.setTimeout(240_000);
  expect(transactionId, 'needs the conversion of the flow test').not.toBe('');
  mkdirSync(SHOTS, { recursive: true });
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  const pages: Array<[string, () => Promise<string>]> = [
    ['home', async () => '/home'],
    ['buy-sell', async () => '/buy-sell'],
    [
      'preview',
      async () => {
        const lock = await user.post<{ id: string }>('AssetConvert/lock', {
          leftAssetId: btc.id,
          rightAssetId: eth.id,
        });
        return `/buy-sell/preview/${lock.id}`;
      },
    ],
    ['status', async () => `/buy-sell/transaction/${transactionId}`],
    ['wallets', async () => '/wallets'],
  ];
  for (const lang of ['en-us', 'de-de']) {
    for (const dark of [false, true]) {
      await page.evaluate(
        ([l, d]) => {
          localStorage.setItem('lang', l as string);
          localStorage.setItem('dark', String(d));
        },
        [lang, dark] as const,
      );
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 800 });
        for (const [name, url] of pages) {
          await page.goto(await url());
          await page.waitForLoadState('networkidle');
          await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
          if (name === 'preview') await page.getByRole('textbox').first().fill('0.01');
          await expectNoSeriousA11yViolations(page);
          await page.screenshot({
            path: path.join(SHOTS, `${name}-${lang}-${dark ? 'dark' : 'light'}-${width}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        }
      }
    }
  }
});
