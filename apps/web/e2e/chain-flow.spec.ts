import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, pageShown, shot, signInViaApi } from './support';

// Watched networks on the local chain (DECISIONS §10): the server under test runs in demo mode, so
// `npm start`'s development chains for ETH and BSC are there (a block a second, 3 confirmations).
// The guest's journey from the home widget to success with no hash to type and the confirmations
// shown live; a signed-in user's own address credited by itself; the back office's Networks page.
test.describe.configure({ mode: 'serial' });

interface Wallet {
  id: string;
  ticker: string;
}

const notification = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });

test('guest: home widget -> own address -> test deposit -> confirmations live -> success, paid on chain', async ({
  page,
}) => {
  const wallets = (await (await page.request.get('/api/Wallets/list')).json()).content as Wallet[];
  const id = (t: string) => wallets.find((w) => w.ticker === t)?.id as string;
  await page.goto('/home');
  const widget = page.locator('#exchange-widget');
  // ETH and BSC are watched (and LTC, where litecoind is installed), the other assets are not: the
  // form says which is which.
  await expect(widget).toContainText(
    /on Ethereum(, Litecoin,)? and BNB Smart Chain the deposit is detected by itself, on other networks they confirm the transfer with its hash\./,
  );
  await widget.getByLabel('You give', { exact: true }).selectOption(id('ETH'));
  await widget.getByLabel('You receive', { exact: true }).selectOption(id('BNB'));
  await widget.getByLabel('Amount you give').fill('0.05');
  await widget.getByRole('button', { name: 'Convert' }).click();
  await expect(page).toHaveURL(/\/buy-sell\/manual-deposit\//);
  // A watched network: nothing is confirmed by hand, and no text says so (the spec's manual words
  // are for the networks that are not watched).
  await expect(notification(page, 'Proceeding to your deposit address')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Automatic deposit');
  await expect(
    page.getByText(/We watch Ethereum: your deposit is detected and counted by itself/),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps of the deposit' })).toContainText('Send');
  await expect(page.getByRole('main')).not.toContainText(
    /[Mm]anual deposit|confirm the (transfer|transaction)/,
  );
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('chain.guest@example.com');
  await page.getByLabel(/^Your BNB address/).fill('0x2222222222222222222222222222222222222222');
  await page.getByRole('button', { name: 'Get Address' }).click();
  await expect(
    notification(page, 'Exchange Created').getByText(
      'Please send the crypto to the provided address. Your deposit is detected on Ethereum by itself: there is nothing to confirm.',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Automatic deposit');
  await expect(page.getByRole('main')).not.toContainText(
    /[Mm]anual deposit|confirm the (transfer|transaction)/,
  );

  // The exchange's own address (an EVM address, not the house's shared one), and no hash field.
  const address = page.getByTestId('deposit-address');
  await expect(address).toHaveText(/^0x[0-9a-f]{40}$/);
  await expect(page.getByRole('img', { name: 'QR code of the ETH deposit address' })).toBeVisible();
  await expect(page.getByText('Watching the Ethereum network for your deposit…')).toBeVisible();
  await expect(page.getByLabel(/^Transaction hash/)).toHaveCount(0);
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'chain-guest-waiting');

  // The local chain sends the deposit; the page follows it without a reload.
  await page.getByRole('button', { name: 'Send test deposit' }).click();
  await expect(notification(page, 'Test deposit sent')).toBeVisible();
  const bar = page.getByTestId('confirmations-bar');
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const value = await bar.getAttribute('aria-valuenow', { timeout: 100 }).catch(() => null);
        if (value) seen.add(value);
        return (await page.getByTestId('status-badge').textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe('Success');
  // At least one count short of the three required was on screen before success.
  expect(
    [...seen].some((v) => Number(v) < 3),
    `counts seen: ${[...seen].join(', ')}`,
  ).toBe(true);
  await shot(page, 'chain-guest-success');

  // The tracking page: the deposit and the payout, each with its hash.
  await page.getByTestId('tracking-link').click();
  await expect(page.getByTestId('detail-confirmations')).toHaveText('3 of 3 confirmations');
  await expect(page.getByTestId('detail-payout')).toContainText(/0x[0-9a-f]{64}/);
  await expect(page.getByTestId('step-Outcome')).toHaveAttribute('data-state', 'done');
  await expectNoSeriousA11yViolations(page);
});

test('user: a personal ETH address, a test deposit shown with its confirmations, then credited', async ({
  page,
}) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/wallets');
  await pageShown(page);
  const card = page.getByTestId('wallet-ETH');
  const before = await card.getByTestId('wallet-amount').textContent();
  await card.getByRole('button', { name: /Deposit/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit ETH' });
  await expect(dialog.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-f]{40}$/);
  await expect(dialog.getByTestId('watched-deposit')).toContainText(
    'credited by itself after 3 confirmations',
  );
  await expect(dialog.getByLabel('Transaction hash')).toHaveCount(0);
  await shot(page, 'chain-user-dialog');
  await dialog.getByLabel('Test amount (ETH)').fill('0.125');
  await dialog.getByRole('button', { name: 'Send test deposit' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/transactions');
  await pageShown(page);
  const first = page.getByTestId('history-card').first();
  await expect(first).toContainText('0.125');
  await expect(first.getByTestId('status-badge')).toHaveText('Success', { timeout: 30_000 });
  await page.goto('/wallets');
  await expect(page.getByTestId('wallet-ETH').getByTestId('wallet-amount')).not.toHaveText(before ?? '');
});

test('admin: the Networks page shows both chains, the payout confirmed and the transfers seen', async ({
  page,
}) => {
  await signInViaApi(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/admin/networks');
  await pageShown(page);
  for (const n of ['ETH', 'BSC'])
    await expect(page.getByTestId(`network-${n}`).getByTestId('rpc-state')).toHaveText('Node reachable');
  await page.getByRole('button', { name: 'Confirmed' }).click();
  await expect(page.getByTestId('payout').first()).toContainText('BNB', { timeout: 20_000 });
  await expect(page.getByTestId('chain-deposit').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'chain-admin-networks');
});
