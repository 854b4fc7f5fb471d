import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { type ApiAs, startServer } from './exchange.helpers';
import {
  assetsAsAdmin,
  createViaApi,
  notification,
  screens,
  shot,
  stored,
  type Wallet,
  WIDTHS,
} from './manual-deposit.helpers';
import { expectNoSeriousA11yViolations } from './support';

// The tracking page of an exchange still waiting for its deposit: address, QR, countdown, the hash
// confirmed in place; and one that runs out of time.

let admin: ApiAs;
let btc: Wallet;

test.beforeAll(async ({ baseURL }) => {
  ({ admin, btc } = await assetsAsAdmin(baseURL ?? ''));
});
test.afterAll(async () => {
  await admin?.dispose();
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
  await page.getByLabel(/^Transaction hash/).fill(randomBytes(32).toString('hex'));
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
