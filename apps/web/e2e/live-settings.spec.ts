import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs } from './exchange.helpers';
import { signInViaApi } from './support';

// Back office "live effects": an admin's new minimum reaches an open preview page and an open manual
// deposit page without a reload (the server pushes `settingsdata` to every open page).
interface Wallet {
  id: string;
  ticker: string;
}

let admin: ApiAs;
let user: ApiAs;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL ?? '', E2E.adminEmail, E2E.adminPassword);
  user = await apiAs(baseURL ?? '', E2E.userEmail, E2E.userPassword);
});
test.afterAll(async () => {
  // Other browser tests expect the default minimum.
  await admin?.post('Admin/minimumTransactionAmount', { minimumTransactionAmount: '99' });
  await admin?.dispose();
  await user?.dispose();
});

test('a new minimum shows on the open preview and manual-deposit pages without a reload', async ({
  browser,
  baseURL,
}) => {
  const wallets = await user.get<Wallet[]>('Wallets/list');
  const id = (t: string) => wallets.find((w) => w.ticker === t)?.id as string;
  const lock = await user.post<{ id: string }>('AssetConvert/lock', {
    leftAssetId: id('USD'),
    rightAssetId: id('BTC'),
  });

  const preview = await browser.newPage({ baseURL });
  await signInViaApi(preview, E2E.userEmail, E2E.userPassword);
  await preview.goto(`/buy-sell/preview/${lock.id}`);
  const amount = preview.getByLabel(/amount/i).first();
  await amount.fill('100');
  await expect(preview.getByText(/^Minimum transaction value is \$99 /)).toHaveCount(0);

  const deposit = await browser.newPage({ baseURL });
  await deposit.goto(`/buy-sell/manual-deposit/${id('ETH')}?amount=0.05&sourceCurrency=BTC`);
  await expect(deposit.getByText(/^Minimum \$99 \(approximately [\d.]+ BTC\)$/)).toBeVisible();
  // Both pages are connected to the live feed before the change.
  await preview.waitForTimeout(1500);

  await admin.post('Admin/minimumTransactionAmount', { minimumTransactionAmount: '150' });
  await expect(deposit.getByText(/^Minimum \$150 \(approximately [\d.]+ BTC\)$/)).toBeVisible({
    timeout: 3000,
  });
  // 100 USD was enough a moment ago; now the preview says the new minimum (no reload).
  await expect(preview.getByText(/Minimum transaction value is \$150 /).first()).toBeVisible({
    timeout: 3000,
  });
  await preview.close();
  await deposit.close();
});
