import { expect, type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { E2E } from '../playwright.config';
import { call, LANGS, prepare, signIn, viewports } from './screens.helpers';

// The watched-network screens for visual review, in the four languages, light and dark, desktop and
// phone: the guest's deposit step (own address, no hash), an exchange confirming and done, a user's
// deposit dialog, and the back office's Networks page. The server runs the demo chains.
async function newExchange(page: Page): Promise<{ id: string; bnb: string }> {
  const wallets = await call<{ id: string; ticker: string }[]>(page, 'GET', 'Wallets/list');
  const id = (t: string) => wallets.find((w) => w.ticker === t)?.id as string;
  const created = await call<{ id: string }>(page, 'POST', 'PublicExchange/createExchange', {
    sourceWalletId: id('ETH'),
    destinationWalletId: id('BNB'),
    amount: '0.05',
    userEmail: 'shots@example.com',
    destinationWalletAddress: '0x2222222222222222222222222222222222222222',
  });
  return { id: created.id, bnb: id('BNB') };
}

for (const lang of LANGS) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${lang}-${theme}-${device}`;
      test(`chain screens ${tag}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await prepare(page, { dark: theme === 'dark', lang });
        await page.goto('/home');
        const e = await newExchange(page);
        await page.goto(`/buy-sell/manual-deposit/${e.bnb}?amount=0.05&sourceCurrency=ETH&exchange=${e.id}`);
        await page.getByTestId('chain-watching').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `chain-deposit-${tag}`);
        await call(page, 'POST', 'PublicExchange/testDeposit', { exchangeId: e.id });
        await page.getByTestId('confirmations-bar').waitFor({ timeout: 20_000 });
        await shot(page, `chain-confirming-${tag}`);
        await page.goto(`/buy-sell/exchange/${e.id}`);
        await expect(page.getByTestId('step-Outcome')).toHaveAttribute('data-state', 'done', {
          timeout: 30_000,
        });
        await page.waitForTimeout(300);
        await shot(page, `chain-done-${tag}`);

        await signIn(page, E2E.userEmail, E2E.userPassword);
        await page.goto('/wallets');
        await page.getByTestId('wallet-ETH').getByRole('button').first().click();
        await page.getByTestId('watched-deposit').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `chain-user-dialog-${tag}`);

        await signIn(page, E2E.adminEmail, E2E.adminPassword);
        await page.goto('/admin/networks');
        await page.getByTestId('network-ETH').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `chain-admin-${tag}`);
      });
    }
  }
}
