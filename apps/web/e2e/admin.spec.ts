import { expect, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import {
  createExchange,
  expectDebounced,
  languageShot,
  notice,
  openAdmin,
  recordKeyTimes,
  type Session,
  screens,
  sessionOf,
  signUp,
  visitor,
} from './admin.helpers';
import { expectNoSeriousA11yViolations } from './support';

// The back office as the demo admin (spec-2 §2 admin area, DECISIONS §7, §8): stats, user search
// with its debounce, deactivation that ends the user's open session, IBAN approval, deposit
// address, minimum amount, deposits, the outbox and the audit log (exchange decisions:
// admin-exchanges.spec.ts); screenshots of every
// page in light and dark, desktop and phone, and in three more languages.

const STAMP = Date.now().toString(36);
/** The stamp as hex digits: BTC hashes are 64 of them (a hash in another form is refused). */
const HEX = Buffer.from(STAMP).toString('hex');
const TARGET = {
  firstName: 'Greta',
  lastName: `Lind${STAMP}`,
  email: `greta.${STAMP}@e2e.vaultline.test`,
  password: 'greta-password-123',
};
const TARGET_NAME = `${TARGET.firstName} ${TARGET.lastName}`;
const IBAN = 'CH9300762011623852957';
// A valid bech32 address (BIP-173 example), so the server's network check accepts it.
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

let admin: Session;
let target: Session;
let targetId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  const base = baseURL ?? '';
  admin = await sessionOf(base, E2E.adminEmail, E2E.adminPassword);
  await signUp(base, TARGET);
  target = await sessionOf(base, TARGET.email, TARGET.password);
  targetId = ((await target.call('GET', 'User')).body.content as { id: string }).id;
});
test.afterAll(async () => {
  // The other browser tests expect the default minimum (99 USD): put it back.
  await admin?.call('POST', 'Admin/minimumTransactionAmount', { minimumTransactionAmount: '99' });
  await admin?.dispose();
  await target?.dispose();
});

test('stats home: welcome with the admin name, users and traded amounts', async ({ page }) => {
  const me = (await admin.call('GET', 'User')).body.content as { firstName: string; lastName: string };
  const stats = (await admin.call('GET', 'Admin/stats')).body.content as { totalUsers: number };
  await openAdmin(page, '/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${me.firstName} ${me.lastName}`);
  await expect(page.getByTestId('stat-total-users')).toContainText(String(stats.totalUsers));
  expect(stats.totalUsers).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('New users, 24 hours')).toBeVisible();
  await expect(page.getByTestId('stat-traded-total')).toContainText('$');
  await screens(page, 'stats');
});

test('search a user: one search 1.5 s after the last keystroke, grey box meanwhile', async ({ page }) => {
  await openAdmin(page, '/admin/search-user');
  const sent: number[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/Admin/searchUser')) sent.push(Date.now());
  });
  const box = page.getByLabel('Name, e-mail or user id');
  await recordKeyTimes(box);
  await box.pressSequentially(TARGET.email.slice(0, 14), { delay: 40 });
  await expect(box).toHaveAttribute('data-waiting', 'true');
  await expect(page.getByTestId('search-result').filter({ hasText: TARGET.email })).toBeVisible();
  await expectDebounced(page, sent, 14);
  await expect(box).not.toHaveAttribute('data-waiting');
  await screens(page, 'search-user');
  await page.getByTestId('search-result').filter({ hasText: TARGET.email }).click();
  await expect(page).toHaveURL(`/admin/user/${targetId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(TARGET_NAME);
});

test('deactivate: the open session is refused on its next call; reactivate', async ({ page, baseURL }) => {
  expect((await target.call('GET', 'User')).status).toBe(200);
  await openAdmin(page, `/admin/user/${targetId}`);
  await expect(page.getByTestId('user-status')).toHaveText('Active');
  await page.getByRole('button', { name: 'Deactivate account' }).click();
  const dialog = page.getByRole('dialog', { name: `Deactivate ${TARGET_NAME}?` });
  await dialog.getByRole('button', { name: 'Deactivate account' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, 'Success', 'User account status was successfully changed.')).toBeVisible();
  await expect(page.getByTestId('user-status')).toHaveText('Inactive');

  const refused = await target.call('GET', 'User');
  expect([401, 403]).toContain(refused.status);
  expect(refused.body.success).toBe(false);

  await page.getByRole('button', { name: 'Activate account' }).click();
  await page
    .getByRole('dialog', { name: `Activate ${TARGET_NAME}?` })
    .getByRole('button', { name: 'Activate account' })
    .click();
  await expect(page.getByTestId('user-status')).toHaveText('Active');
  // The old session stays ended; signing in again works.
  await target.dispose();
  target = await sessionOf(baseURL ?? '', TARGET.email, TARGET.password);
  expect((await target.call('GET', 'User')).status).toBe(200);
});

test('approve an IBAN from the pending bank accounts', async ({ page }) => {
  const set = await target.call('POST', 'User/iban', { iban: IBAN });
  expect(set.status, JSON.stringify(set.body.error)).toBe(200);
  await openAdmin(page, '/admin/bank-accounts');
  const card = page.locator('li').filter({ hasText: IBAN }).filter({ hasText: TARGET_NAME });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('bank-status')).toHaveText('Not processed');
  await screens(page, 'bank-accounts');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(notice(page, 'Success', "User's bank account status was successfully changed.")).toBeVisible();
  await expect(card).toBeHidden();
  expect(((await target.call('GET', 'User/iban')).body.content as { status: number }).status).toBe(1);

  // The user page shows it approved, with the toggle to refuse it.
  await page.goto(`/admin/user/${targetId}`);
  await expect(page.getByTestId('bank-status')).toHaveText('Approved');
  await expect(page.getByRole('button', { name: 'Refuse bank account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'user-detail');
});

test('set a deposit address: the guest manual-deposit page shows it', async ({ page, baseURL }) => {
  await openAdmin(page, '/admin/wallet-addresses');
  const row = page.getByTestId('wallet-address-BTC');
  const field = row.getByLabel('BTC deposit address');
  await field.fill('   ');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByRole('alert')).toHaveText('Wallet address cannot be empty');
  await field.fill(BTC_ADDRESS);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(notice(page, 'Success', 'Wallet address updated successfully')).toBeVisible();
  await expect(field).toHaveValue(BTC_ADDRESS);
  await expect(page.getByText('Fiat currencies are funded by card')).toBeVisible();
  await screens(page, 'wallet-addresses');

  // A guest's exchange made after the change carries the new address to its deposit page.
  const id = await createExchange(baseURL ?? '', `guest.${STAMP}@example.com`, '0.01');
  const eth = (
    (await admin.call('GET', 'Wallets/list')).body.content as { id: string; ticker: string }[]
  ).find((w) => w.ticker === 'ETH');
  const guestContext = await page.context().browser()?.newContext({ baseURL });
  if (!guestContext) throw new Error('no browser');
  const guest = await guestContext.newPage();
  await guest.goto(`/buy-sell/manual-deposit/${eth?.id}?amount=0.01&sourceCurrency=BTC&exchange=${id}`);
  await expect(guest.getByTestId('deposit-address')).toHaveText(BTC_ADDRESS);
  await guestContext.close();
});

test('change the minimum transaction amount (validation after submit)', async ({ page, baseURL }) => {
  await openAdmin(page, '/admin/transaction-settings');
  const form = page.getByTestId('minimum-form');
  const field = form.getByLabel('Minimum transaction amount (USD)');
  await field.fill('0.5');
  await expect(form.getByText('Amount must be greater than 0')).toBeHidden();
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText('Amount must be greater than 0')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await field.fill('120.5');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(notice(page, 'Success', 'Minimum transaction amount updated to $120.50')).toBeVisible();
  await expect(form.getByText('Transactions below $120.50 are refused.')).toBeVisible();
  const { ctx } = await visitor(baseURL ?? '');
  const settings = (await (await ctx.get('/api/settings')).json()) as {
    content: { minimumTransactionAmount: string };
  };
  expect(settings.content.minimumTransactionAmount).toBe('120.5');
  await ctx.dispose();
  await screens(page, 'transaction-settings');
});

test('deposits: a new notice appears live, pages of 10, approve one', async ({ page }) => {
  const btc = (
    (await target.call('GET', 'Wallets/list')).body.content as { id: string; ticker: string }[]
  ).find((w) => w.ticker === 'BTC');
  const notify = async (hash: string, amount: string) => {
    const sent = await target.call('POST', 'Payment/crypto/notify', {
      assetId: btc?.id,
      amount,
      transactionHash: hash,
    });
    expect(sent.status, JSON.stringify(sent.body.error)).toBe(200);
  };
  await openAdmin(page, '/admin/deposits');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-state', 'Connected');
  // Sent while the page is open: the live feed brings it, no reload.
  const hash = HEX.padEnd(64, 'a');
  await notify(hash, '0.015');
  const card = page.locator('li').filter({ hasText: hash });
  await expect(card.getByTestId('deposit-status')).toHaveText('Awaiting verification', { timeout: 5000 });
  // Ten more: the list is paged on the server, ten to a page.
  for (let i = 0; i < 10; i++) await notify(`${HEX}${i}`.padEnd(64, 'b'), '0.001');
  const pager = page.getByRole('navigation', { name: 'Pages of the deposits' });
  await expect(pager).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toHaveCount(10);
  await pager.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(card).toBeVisible();
  await screens(page, 'deposits');
  await card.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: 'Approve this deposit?' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(notice(page, 'Success', 'The deposit was approved and the wallet credited.')).toBeVisible();
  await expect(card).toBeHidden();
});

test('read a password-reset mail in the outbox', async ({ page, baseURL }) => {
  const { ctx, post } = await visitor(baseURL ?? '');
  expect((await post('User/resetPassword', { email: TARGET.email })).status()).toBe(200);
  await ctx.dispose();
  await openAdmin(page, '/admin/outbox');
  await page.getByLabel("Recipient's e-mail").fill(TARGET.email);
  await page.getByRole('button', { name: 'Show their e-mails' }).click();
  const mail = page.getByTestId('outbox-message').filter({ hasText: /reset/i }).first();
  await expect(mail).toBeVisible();
  await mail.locator('summary').click();
  await expect(mail.getByTestId('outbox-body').getByRole('link')).toHaveAttribute('href', /token=/);
  await screens(page, 'outbox');
});

test('the audit log shows these changes', async ({ page }) => {
  await openAdmin(page, '/admin/audit-log');
  const entries = page.getByTestId('audit-entry');
  await expect(entries.first()).toBeVisible();
  for (const action of [
    'setting.minimumTransactionAmount',
    'wallet.address',
    'bankAccount.status',
    'user.status',
  ]) {
    await expect(page.locator(`[data-testid="audit-entry"][data-action="${action}"]`).first()).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  await screens(page, 'audit-log');
  await page.getByLabel('Kind of change').selectOption('user.status');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText(targetId);
});

test('remaining pages: chat settings and contact messages', async ({ page, baseURL }) => {
  const { ctx, post } = await visitor(baseURL ?? '');
  const sent = await post('Contact', {
    fullName: 'Ola Nordmann',
    email: `ola.${STAMP}@example.com`,
    phone: '',
    message: 'Hello, how long does a bank account review take?',
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await ctx.dispose();
  await openAdmin(page, '/admin/contact-messages');
  await expect(page.getByTestId('contact-message').filter({ hasText: 'Ola Nordmann' })).toBeVisible();
  await screens(page, 'contact-messages');

  await page.goto('/admin/tidio-settings');
  const key = page.getByLabel('Tidio chat key');
  await key.fill('  short ');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Please enter a valid Tidio chat key (at least 10 characters)')).toBeVisible();
  await screens(page, 'tidio-settings');
});

test('other languages', async ({ page }) => {
  await openAdmin(page, '/admin/pending-transactions');
  await languageShot(page, 'fr-fr', 'pending-transactions');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transactions en attente');
  await page.goto(`/admin/user/${targetId}`);
  await languageShot(page, 'de-de', 'user-detail');
  await expect(page.getByRole('button', { name: 'Konto deaktivieren' })).toBeVisible();
  await page.goto('/admin/transaction-settings');
  await languageShot(page, 'ru-ru', 'transaction-settings');
  await expect(page.getByRole('button', { name: 'Сохранить изменения' }).first()).toBeVisible();
});
