import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { authenticator } from '../e2e/two-factor.helpers';
import { call, LANGS, prepare, viewports } from './screens.helpers';

// The second-factor screens for visual review, in the four languages, light and dark, desktop and
// phone: My account → Security (empty, the authenticator's QR code, the recovery codes shown once,
// the factors and the history), the sign-in's second step, and the step-up dialog.

/** A text of the app in a language (the buttons are found by their words, as a user would). */
function words(lang: string) {
  const file = path.resolve(import.meta.dirname, `../public/i18n/${lang}.json`);
  const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  return (key: string) =>
    key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], all) as string;
}

async function newAccount(page: Page, email: string, password: string): Promise<string> {
  await call(page, 'POST', 'Auth/signup', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password,
    birthDay: '1990-04-15',
  });
  const { jwToken } = await call<{ jwToken: string }>(page, 'POST', 'Auth', { email, password });
  await page.evaluate((t) => localStorage.setItem('accesstoken', t), jwToken);
  return jwToken;
}

for (const lang of LANGS) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${lang}-${theme}-${device}`;
      test(`security screens ${tag}`, async ({ page }) => {
        const t = words(lang);
        await page.setViewportSize(viewport);
        await prepare(page, { dark: theme === 'dark', lang });
        await page.goto('/home');
        const email = `shots-${tag}-${Date.now()}@e2e.vaultline.test`;
        const password = 'shots-password-1';
        await newAccount(page, email, password);

        await page.goto('/my-account/security');
        await page.getByRole('button', { name: t('Security.Totp.SetUp') }).waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-empty-${tag}`);

        await page.getByRole('button', { name: t('Security.Totp.SetUp') }).click();
        const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
        await page.waitForTimeout(300);
        await shot(page, `security-qr-${tag}`);
        const app = authenticator(secret);
        await page.getByLabel(t('Security.Totp.FirstCode')).fill(await app.next());
        await page.getByRole('button', { name: t('Security.Totp.Enable') }).click();
        await page.getByTestId('recovery-codes').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-recovery-codes-${tag}`);
        await page.getByRole('button', { name: t('Security.Recovery.Saved') }).click();
        await page.getByTestId('security-history').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-enabled-${tag}`);

        // A protected action from a session that gave no factor: the step-up dialog.
        await page.getByLabel(t('Security.Passkeys.Name')).fill('Laptop');
        await page.getByRole('button', { name: t('Security.Passkeys.Add') }).click();
        await page.getByTestId('step-up-dialog').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-step-up-${tag}`);

        // The sign-in's second step.
        await page.evaluate(() => localStorage.removeItem('accesstoken'));
        await page.goto('/login');
        await page.getByRole('button', { name: t('Security.SignIn.WithPasskey') }).waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-login-${tag}`);
        await page.getByRole('main').locator('input[type="email"]').fill(email);
        await page.locator('input[type="password"]').fill(password);
        await page.locator('input[type="password"]').press('Enter');
        await page.getByRole('heading', { name: t('Security.SignIn.SecondStepTitle') }).waitFor();
        await page.waitForTimeout(300);
        await shot(page, `security-second-step-${tag}`);
      });
    }
  }
}
