import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, signInViaApi } from './support';

// My account and Premium as the demo user: inline edits, address, IBAN, the premium card and the
// pay page (one "Pay with card" button: the card is typed on the gateway's hosted page, DECISIONS
// §7). Screenshots go to SHOTS_DIR (default /tmp/shots-account).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-account';
const WIDTHS = { desktop: 1280, phone: 390 } as const;

test.describe.configure({ mode: 'serial' });

/** Language and theme as a visitor's choices (localStorage `lang` and `dark`), then a fresh load. */
async function prefer(page: Page, opts: { lang?: string; dark?: boolean }) {
  await page.evaluate(({ lang, dark }) => {
    if (lang) localStorage.setItem('lang', lang);
    if (dark !== undefined) localStorage.setItem('dark', String(dark));
  }, opts);
  await page.reload();
}

async function signIn(page: Page) {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await prefer(page, { lang: 'en-us', dark: false });
}

/** Full-page PNGs of the current page in light and dark, at desktop and phone widths. */
async function shots(page: Page, name: string, ready: () => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const dark of [false, true]) {
    await prefer(page, { dark });
    for (const [size, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await ready();
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${dark ? 'dark' : 'light'}-${size}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
  await prefer(page, { dark: false });
}

async function languageShot(page: Page, lang: string, name: string, ready: () => Promise<void>) {
  await prefer(page, { lang });
  await ready();
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${lang}.png`),
    fullPage: true,
    animations: 'disabled',
  });
  await prefer(page, { lang: 'en-us' });
}

const notice = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });
const accountReady = (page: Page) => async () => {
  await expect(page.getByTestId('row-name')).toBeVisible();
};

test('edit the name inline and save it', async ({ page }) => {
  await signIn(page);
  await page.goto('/my-account');
  const row = page.getByTestId('row-name');
  await expect(row).toContainText('Demo');
  await row.getByRole('button', { name: 'Edit Name' }).click();
  // Cancel sends nothing and restores the view.
  await row.getByLabel('First name').fill('Nobody');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).not.toContainText('Nobody');

  await row.getByRole('button', { name: 'Edit Name' }).click();
  await row.getByLabel('First name').fill('Grace');
  await row.getByLabel('Last name').fill('Hopper');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Your infos were successfully updated.')).toBeVisible();
  await expect(row).toContainText('Grace Hopper');
  await page.reload();
  await expect(page.getByTestId('row-name')).toContainText('Grace Hopper');
});

test('edit the phone, and the e-mail with the current password (then back)', async ({ page }) => {
  await signIn(page);
  await page.goto('/my-account');
  const phone = page.getByTestId('row-phone');
  await phone.getByRole('button', { name: 'Edit Phone' }).click();
  await phone.getByLabel('Phone').fill('+41 44 123 45 67');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Your infos were successfully updated.')).toBeVisible();
  await expect(phone).toContainText('+41 44 123 45 67');

  const email = page.getByTestId('row-email');
  const changeTo = async (address: string) => {
    await email.getByRole('button', { name: 'Edit E-mail' }).click();
    await email.getByLabel('E-mail').fill(address);
    await email.getByLabel('Current password').fill(E2E.userPassword);
    await email.getByRole('button', { name: 'Save' }).click();
    await expect(email).toContainText(address);
  };
  // Without the password nothing is sent: the form asks for it.
  await email.getByRole('button', { name: 'Edit E-mail' }).click();
  await email.getByLabel('E-mail').fill('someone.else@e2e.vaultline.test');
  await email.getByRole('button', { name: 'Save' }).click();
  await expect(email.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await email.getByRole('button', { name: 'Cancel' }).click();
  await expect(email).toContainText(E2E.userEmail);
  // The demo user's address is used by the other browser tests: change it, then change it back.
  await changeTo('demo.renamed@e2e.vaultline.test');
  await changeTo(E2E.userEmail);
});

test('the birth date is typed in the page language, whatever the browser speaks', async ({ page }) => {
  await signIn(page);
  await prefer(page, { lang: 'fr-fr' });
  await page.goto('/my-account');
  const row = page.getByTestId('row-birthday');
  await row.getByRole('button', { name: 'Modifier : Date de naissance' }).click();
  const input = row.getByLabel('Date de naissance');
  await expect(input).toHaveAttribute('placeholder', 'JJ/MM/AAAA');
  await input.fill('09/12/1990');
  await expect(row).toContainText('9 décembre 1990');
  await row.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(notice(page, 'Vos informations ont bien été mises à jour.')).toBeVisible();
  await expect(row).toContainText('9 décembre 1990');
  // The same day on an English page reads month first.
  await prefer(page, { lang: 'en-us' });
  await expect(page.getByTestId('row-birthday')).toContainText('December 9, 1990');
});

test('set the address with a country from the list', async ({ page }) => {
  await signIn(page);
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Add an address' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please enter the street.')).toBeVisible();
  await page.getByLabel('Street').fill('Bahnhofstrasse 1');
  await page.getByLabel('Postal code').fill('8001');
  await page.getByLabel('City').fill('Zürich');
  await page.getByLabel('Country').selectOption({ label: 'Switzerland' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Your address was successfully updated.')).toBeVisible();
  await expect(page.getByTestId('address-view')).toContainText('8001 Zürich');
  await prefer(page, { lang: 'de-de' });
  await expect(page.getByTestId('address-view')).toContainText('Schweiz');
});

test('an IBAN with a bad checksum is refused, a good one waits for review', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/my-account');
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/User/iban')) posts.push(r.url());
  });
  await page.getByRole('button', { name: 'Add a bank account' }).click();
  const input = page.getByLabel('IBAN');
  await input.fill('CH93 0076 2011 6238 5295 8');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText("This IBAN's check digits do not match. Please look for a typo."),
  ).toBeVisible();
  expect(posts).toEqual([]);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, 'my-account-iban-error.png'), fullPage: true });

  // The server makes the same check for a caller that skips the form.
  const ctx = await request.newContext({ baseURL: baseURL ?? '' });
  await ctx.get('/api/ping');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const token = await page.evaluate(() => localStorage.getItem('accesstoken'));
  const res = await ctx.post('/api/User/iban', {
    data: { iban: 'CH9300762011623852958' },
    headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.code).toBe('IBAN_CHECKSUM');
  await ctx.dispose();

  await input.fill('CH93 0076 2011 6238 5295 7');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    notice(page, 'Your bank account is pending validation and will be approved in 1-5 business days.'),
  ).toBeVisible();
  await expect(page.getByTestId('iban-value')).toHaveText('CH93 0076 2011 6238 5295 7');
  await expect(page.getByTestId('iban-status')).toHaveText('Not processed');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'my-account', accountReady(page));
  await languageShot(page, 'fr-fr', 'my-account', accountReady(page));
});

test('the premium card and the pay page: a summary and one "Pay with card", no card field', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/premium');
  await expect(page.getByTestId('premium-price')).toHaveText('$49');
  for (const perk of ['Private forum', 'Member resources', 'Annual conversions', 'No fees'])
    await expect(page.getByText(perk, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'premium', async () => {
    await expect(page.getByTestId('premium-price')).toBeVisible();
  });

  await page.getByRole('link', { name: 'Subscribe now' }).click();
  await expect(page).toHaveURL(/\/premium\/pay$/);
  // The card is typed on the payment gateway's hosted page only (DECISIONS §7): nothing to fill here.
  const payReady = async () => {
    await expect(page.getByRole('heading', { name: 'Premium for one year' })).toBeVisible();
    await expect(page.getByTestId('premium-pay-price')).toHaveText('$49');
    await expect(page.getByRole('button', { name: 'Pay with card' })).toBeVisible();
  };
  await payReady();
  await expect(page.locator('main input')).toHaveCount(0);
  await expect(
    page.getByText(/secure page: your card number and security code never reach Vaultline/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'pay', payReady);
  await languageShot(page, 'de-de', 'pay', async () => {
    await expect(page.getByRole('button', { name: 'Mit Karte bezahlen' })).toBeVisible();
  });
});

// Buying premium, managing it (renewal date, "Manage card") and cancelling it at the period's end
// go through the gateway's hosted checkout: checkout.spec.ts covers them once the server serves it.
