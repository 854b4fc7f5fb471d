import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { ApiAs } from './exchange.helpers';
import {
  assetsAsAdmin,
  ETH_ADDRESS,
  notification,
  screens,
  setStatus,
  shot,
  stored,
  type Wallet,
} from './manual-deposit.helpers';
import { expectNoSeriousA11yViolations } from './support';

// The guest's manual deposit through the screens (home widget, form checks, address and QR, hash),
// then the tracking page of that exchange through each status.

// A hash of its own per run: one hash can be claimed by one exchange or deposit only (DECISIONS §10).
const BTC_HASH = randomBytes(32).toString('hex');

let admin: ApiAs;
let btc: Wallet;
let eth: Wallet;
/** The exchange made through the screens, reused by the tracking tests. */
let exchangeId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  ({ admin, btc, eth } = await assetsAsAdmin(baseURL ?? ''));
});
test.afterAll(async () => {
  await admin?.dispose();
});

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
  // BTC is not watched: the spec's words, a transfer to confirm by hand.
  await expect(notification(page, 'Proceeding to manual deposit')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manual deposit');
  await expect(
    page.getByText(
      'Send your crypto to our deposit address, then confirm the transfer to complete your exchange.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps of the manual deposit' })).toContainText(
    'Send and confirm',
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
  await expect(
    notification(page, 'Exchange Created').getByText(
      'Please send the crypto to the provided address and confirm the transaction.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/[?&]exchange=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manual deposit');
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
