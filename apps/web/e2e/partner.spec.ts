import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { languageShot, screens } from './admin.helpers';
import { expectNoSeriousA11yViolations, pageShown, signInViaApi } from './support';

// The partner area (DECISIONS §11) end to end: the demo admin makes the demo user a partner in the
// back office; the partner opens /partner from the account menu, sets a commission, creates an API
// key (seen once, then only its prefix) and revokes it, and adds a webhook endpoint on a loopback
// receiver (WEBHOOK_ALLOW_LOOPBACK in playwright.config.ts) whose signing secret is seen once.
// Screenshots of the pages in light and dark, desktop and phone, and in three more languages.

test.describe.configure({ mode: 'serial' });

let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.emulateMedia({ colorScheme: 'light' });
  await signInViaApi(page, email, password);
  return page;
}

test('the admin makes the demo user a partner from the partners screen', async ({ browser }) => {
  const page = await signedIn(browser, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/admin/partners');
  await pageShown(page);
  await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Partners' }).first().waitFor();

  await page.getByRole('button', { name: 'Add partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make an account a partner' });
  await dialog.getByLabel('E-mail or user id').fill(E2E.userEmail);
  await dialog.getByLabel('Maximum commission (%)').fill('2');
  await dialog.getByRole('button', { name: 'Make partner' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('partner-row').filter({ hasText: E2E.userEmail });
  await expect(row).toBeVisible();
  await expect(row).toContainText('max 2%');
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'admin-partners');
  await page.context().close();
});

test('the partner sets a commission, creates and revokes a key and adds a webhook endpoint', async ({
  browser,
}) => {
  const page = await signedIn(browser, E2E.userEmail, E2E.userPassword);

  // The account menu offers the partner area to a partner.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('#user-menu').getByRole('link', { name: 'Partner area' }).click();
  await expect(page).toHaveURL(/\/partner$/);
  await pageShown(page);
  await expect(page.getByRole('link', { name: 'API reference (OpenAPI)' })).toHaveAttribute(
    'href',
    '/api/docs',
  );

  // Commission: typed in percent, saved as a fraction, shown back.
  await expect(page.getByTestId('commission-max')).toHaveText('2%');
  await page.getByLabel('New commission').fill('1.5');
  await page.getByRole('button', { name: 'Save commission' }).click();
  await expect(page.getByTestId('commission-current')).toHaveText('1.5%');
  await page.reload();
  await expect(page.getByTestId('commission-current')).toHaveText('1.5%');
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'partner-overview');

  // API key: shown once, then only its prefix.
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\?tab=keys$/);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const create = page.getByRole('dialog', { name: 'New API key' });
  await create.getByLabel('Name').fill('E2E server');
  await create.getByRole('checkbox', { name: /^Exchanges/ }).check();
  await create.getByRole('button', { name: 'Create key' }).click();
  const once = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(once.getByRole('note')).toContainText('it will not be shown again');
  const key = await once.getByLabel('API key', { exact: true }).inputValue();
  expect(key.length).toBeGreaterThan(20);
  await screens(page, 'partner-key-once');
  await once.getByRole('button', { name: 'I have saved it' }).click();
  const keyRow = page.getByTestId('key-row').filter({ hasText: 'E2E server' });
  await expect(keyRow).toContainText('Active');
  const prefix = (await keyRow.getByTestId('key-prefix').textContent())?.replace('…', '') ?? '';
  expect(prefix.length).toBeGreaterThan(0);
  expect(key.startsWith(prefix)).toBe(true);
  expect(await page.content()).not.toContain(key);

  // The key works on the partner API until revoked (contract: Bearer <key>).
  const ping = await page.request.get('/api/v1/coins', { headers: { authorization: `Bearer ${key}` } });
  expect(ping.status(), await ping.text()).toBe(200);

  await keyRow.getByRole('button', { name: 'Revoke the key E2E server' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke the key “E2E server”?' });
  await revoke.getByRole('button', { name: 'Revoke' }).click();
  await expect(revoke).toBeHidden();
  await expect(keyRow).toContainText('Revoked');
  await expect(keyRow.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await page.request.get('/api/v1/coins', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);

  // Webhook endpoint on the loopback receiver: its secret is shown once.
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const add = page.getByRole('dialog', { name: 'New webhook endpoint' });
  await add.getByLabel('Endpoint address').fill(receiverUrl);
  await add.getByRole('button', { name: 'Add endpoint' }).click();
  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = await secretDialog.getByLabel('Signing secret', { exact: true }).inputValue();
  expect(secret.length).toBeGreaterThan(16);
  await screens(page, 'partner-secret-once');
  await secretDialog.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByTestId('webhook-row').filter({ hasText: receiverUrl })).toContainText('Active');
  expect(await page.content()).not.toContain(secret);
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'partner-webhooks');

  await page.getByRole('tab', { name: 'Widget' }).click();
  await expect(page.getByTestId('widget-snippet')).toHaveValue(/data-partner="[0-9a-f-]{36}"/);
  await screens(page, 'partner-widget');

  await page.getByRole('tab', { name: 'Overview' }).click();
  for (const lang of ['ru-ru', 'de-de', 'fr-fr']) await languageShot(page, lang, 'partner-overview');
  await page.evaluate(() => localStorage.setItem('lang', 'en-us'));
  await page.context().close();
});

test('an account that is not a partner sees what the area is, not an error', async ({ browser }) => {
  const page = await signedIn(browser, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/partner');
  await pageShown(page);
  await expect(page.getByRole('heading', { name: 'This account is not a partner' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(page.locator('#user-menu').getByRole('link', { name: 'Partner area' })).toHaveCount(0);
  await screens(page, 'partner-not-partner');
  await page.context().close();
});
