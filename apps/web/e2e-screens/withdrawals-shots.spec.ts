import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { authenticator } from '../e2e/two-factor.helpers';
import { E2E } from '../playwright.config';
import { call, LANGS, prepare, signIn, viewports } from './screens.helpers';

// The withdrawal screens for visual review, in the four languages, light and dark, desktop and
// phone: the withdraw dialog (without a factor, then with the quote shown), the step-up, the
// tracking page, the address book, the e-mail's remove link, and the back office's Withdrawals page.

function words(lang: string) {
  const file = path.resolve(import.meta.dirname, `../public/i18n/${lang}.json`);
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return (key: string, values: Record<string, string> = {}) =>
    (key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], all) as string).replace(
      /\{\{(\w+)\}\}/g,
      (_, k: string) => values[k] ?? '',
    );
}

const settle = (page: Page) => page.waitForTimeout(400);

for (const lang of LANGS) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${lang}-${theme}-${device}`;
      test(`withdrawal screens ${tag}`, async ({ page }) => {
        const t = words(lang);
        await page.setViewportSize(viewport);
        await prepare(page, { dark: theme === 'dark', lang });
        await page.goto('/home');
        const email = `wd-shots-${tag}-${Date.now()}@e2e.vaultline.test`;
        const password = 'shots-password-1';
        await call(page, 'POST', 'Auth/signup', {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email,
          password,
          birthDay: '1990-04-15',
        });
        const token = await signIn(page, email, password);
        const wallets = await call<{ id: string; ticker: string }[]>(
          page,
          'GET',
          'Wallets',
          undefined,
          token,
        );
        const eth = wallets.find((w) => w.ticker === 'ETH')?.id as string;

        // Without a factor, the dialog says what to do first.
        await page.goto('/wallets');
        const withdraw = () =>
          page
            .getByTestId('wallet-ETH')
            .getByRole('button', { name: t('Withdraw.From', { name: 'Ethereum', ticker: 'ETH' }) });
        await withdraw().click();
        await page.getByTestId('withdraw-needs-factor').waitFor();
        await settle(page);
        await shot(page, `withdraw-needs-factor-${tag}`);

        // A factor, coins from the local chain, an address.
        const { secret } = await call<{ secret: string }>(page, 'POST', 'User/2fa/totp/setup', {}, token);
        const app = authenticator(secret);
        await call(page, 'POST', 'User/2fa/totp/enable', { code: await app.next() }, token);
        await call(page, 'POST', 'Payment/crypto/testDeposit', { assetId: eth, amount: '0.5' }, token);
        await call(
          page,
          'POST',
          'Withdrawals/addresses',
          {
            assetId: eth,
            address: '0x4444444444444444444444444444444444444444',
            label: 'Cold wallet',
            twoFactor: { code: await app.next() },
          },
          token,
        );
        for (let i = 0; i < 60; i++) {
          const w = await call<{ ticker: string; amount: string }[]>(
            page,
            'GET',
            'Wallets',
            undefined,
            token,
          );
          if (w.find((x) => x.ticker === 'ETH')?.amount !== '0') break;
          await page.waitForTimeout(1000);
        }

        await page.goto('/my-account');
        await page.getByTestId('address-book').waitFor();
        await page.getByRole('heading', { name: t('Withdraw.Book.Title') }).scrollIntoViewIfNeeded();
        await settle(page);
        await shot(page, `withdraw-address-book-${tag}`);
        await page.getByRole('button', { name: t('Withdraw.Book.Add') }).click();
        await page.getByTestId('add-address-form').waitFor();
        await settle(page);
        await shot(page, `withdraw-address-add-${tag}`);

        await page.goto('/wallets');
        await withdraw().click();
        const dialog = page.getByRole('dialog', { name: t('Withdraw.Title', { ticker: 'ETH' }) });
        await dialog.getByTestId('withdraw-form').waitFor();
        await dialog.locator('select').selectOption({ index: 1 });
        await dialog.getByLabel(t('Withdraw.Amount', { ticker: 'ETH' })).fill('0.1');
        await dialog.getByTestId('quote-fee').filter({ hasText: 'ETH' }).waitFor();
        await settle(page);
        await shot(page, `withdraw-dialog-${tag}`);
        await dialog.getByRole('button', { name: t('Withdraw.Submit'), exact: true }).click();
        await page.getByTestId('step-up-dialog').waitFor();
        await settle(page);
        await shot(page, `withdraw-step-up-${tag}`);
        await page
          .getByTestId('step-up-dialog')
          .locator('input')
          .first()
          .fill(await app.next());
        await page.getByTestId('step-up-dialog').locator('input').first().press('Enter');
        await page.waitForURL(/\/withdrawals\/[0-9a-f-]{36}$/);
        await page.getByTestId('withdrawal-status').waitFor();
        await settle(page);
        await shot(page, `withdraw-tracking-${tag}`);

        await page.goto('/withdrawals/remove-address?token=not-a-real-token-but-long-enough');
        await page.getByRole('alert').or(page.getByTestId('address-removed')).first().waitFor();
        await settle(page);
        await shot(page, `withdraw-remove-link-${tag}`);

        // The back office (the screens server's admin; its list, SEPA files and rules).
        await page.evaluate(() => localStorage.removeItem('accesstoken'));
        await signIn(page, E2E.adminEmail, E2E.adminPassword);
        for (const [tab, suffix] of [
          ['', 'list'],
          ['?tab=sepa', 'sepa'],
          ['?tab=rules', 'rules'],
        ] as const) {
          await page.goto(`/admin/withdrawals${tab}`);
          await page.locator('main h1').waitFor();
          await page.waitForLoadState('networkidle');
          await settle(page);
          await shot(page, `admin-withdrawals-${suffix}-${tag}`);
        }
      });
    }
  }
}
