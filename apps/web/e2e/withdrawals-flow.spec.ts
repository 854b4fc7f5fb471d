import { type Browser, expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, pageShown, shot } from './support';
import { newAdminPasskeyForChromium, virtualAuthenticator } from './support/admin-factor';
import { enrolTotp, passwordStep, signedIn, signUp, unique } from './two-factor.helpers';
import { answerStepUp, callApi, fundOnChain, walletsOf } from './withdrawals.helpers';

// Money out (issue 31) on the flows server (demo mode: the local chain, a zero address hold, the
// first withdrawal of an account waits for review). A user sets up a factor, adds an address,
// withdraws ETH; an admin signed in with a passkey approves it; the user watches it confirm live. Then
// an EUR withdrawal to the approved bank account goes into a SEPA file that the admin marks paid.
test.describe.configure({ mode: 'serial' });

// A passkey belongs to a host name: the pages open on localhost (the server's PUBLIC_URL).
const localhost = `http://localhost:${new URL(E2E.baseURL).port}`;
test.use({ baseURL: localhost });

const OUTSIDE = '0x4444444444444444444444444444444444444444';
const email = unique('withdraw');
let code: () => Promise<string>;
// The user's browser, kept from the first test to the second (signed in, with the authenticator).
let userPage: Page;
test.beforeAll(async ({ browser }) => {
  userPage = await (await browser.newContext({ baseURL: localhost })).newPage();
});
let adminShared: Page | undefined;
test.afterAll(async () => {
  await userPage?.context().close();
  await adminShared?.context().close();
});

/**
 * The admin's browser: signed in with the password and the passkey in Chromium's virtual
 * authenticator, as an admin signs in (one admin browser serves both tests). The factor given at
 * sign-in covers the protected actions of the next 10 minutes, so approving asks for nothing more
 * (the step-up dialog itself is admin-payout-step-up.spec.ts's subject).
 */
async function adminPage(browser: Browser): Promise<Page> {
  adminShared ??= await newAdminPage(browser);
  return adminShared;
}

async function newAdminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: localhost });
  const page = await context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: await newAdminPasskeyForChromium(E2E.baseURL, E2E.adminEmail, E2E.adminPassword),
  });
  await passwordStep(page, E2E.adminEmail, E2E.adminPassword);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedIn(page);
  return page;
}

/** The admin approves the user's withdrawal waiting in review, giving the passkey at the step-up. */
async function approveInReview(admin: Page, amountText: RegExp): Promise<void> {
  await admin.goto('/admin/withdrawals');
  await pageShown(admin);
  const item = admin
    .getByTestId('admin-withdrawal')
    .filter({ hasText: email })
    .filter({ hasText: amountText });
  await expect(item).toBeVisible();
  await expect(item).toContainText('First withdrawal of the account');
  await item.getByRole('button', { name: 'Recent activity' }).click();
  await expect(item.getByTestId('recent-activity')).toBeVisible();
  await item.getByRole('button', { name: 'Approve' }).click();
  const decision = admin.getByRole('dialog', { name: 'Approve the withdrawal' });
  await decision.getByRole('button', { name: 'Approve' }).click();
  await expect(decision).toBeHidden();
}

test('a user adds an address and withdraws ETH; an admin approves it; the user watches it confirm', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = userPage;
  await signUp(page, email, 'withdraw-password-1');
  const { app } = await enrolTotp(page);
  code = () => app.next();
  await fundOnChain(page, 'ETH', '0.5');

  // The address book: a new address, confirmed with the factor; the demo's hold is zero.
  await page.goto('/my-account');
  await pageShown(page);
  const book = page.locator('section', { has: page.getByRole('heading', { name: 'Withdrawal addresses' }) });
  await book.getByRole('button', { name: 'Add a withdrawal address' }).click();
  const form = book.getByTestId('add-address-form');
  await form.getByLabel('Asset').selectOption({ label: 'Ethereum (ETH)' });
  await form.getByLabel('Name').fill('Cold wallet');
  await form.getByLabel('Address', { exact: true }).fill(OUTSIDE);
  await form.getByRole('button', { name: 'Add a withdrawal address' }).click();
  await answerStepUp(page, code);
  const row = book.getByTestId('address-row').filter({ hasText: 'Cold wallet' });
  await expect(row).toContainText(OUTSIDE);
  await expect(row.getByTestId('address-on-hold')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Withdraw from the ETH wallet: the fee and the total as typed, then the factor.
  await page.goto('/wallets');
  await pageShown(page);
  await page.getByRole('button', { name: 'Withdraw from Ethereum (ETH)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw ETH' });
  await dialog
    .getByLabel('To')
    .selectOption({ label: `Cold wallet · ${OUTSIDE.slice(0, 10)}…${OUTSIDE.slice(-6)}` });
  await dialog.getByLabel('Amount that arrives (ETH)').fill('0.1');
  await expect(dialog.getByTestId('quote-receive')).toHaveText('0.1 ETH');
  const fee = (await dialog.getByTestId('quote-fee').textContent()) ?? '';
  expect(fee).toMatch(/ETH$/);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'withdraw-dialog');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await answerStepUp(page, code);
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const status = page.getByTestId('withdrawal-status');
  await expect(status).toHaveAttribute('data-status', 'review');
  await expect(page.getByRole('main')).toContainText('First withdrawal of the account');
  await expect(page.getByRole('button', { name: 'Cancel the withdrawal' })).toBeVisible();
  // Amount plus fee left the available balance at the request (held until it completes).
  const feeValue = Number(fee.replace(/[^\d.]/g, ''));
  const eth = (await walletsOf(page)).find((w) => w.ticker === 'ETH');
  expect(Number(eth?.amount)).toBeCloseTo(0.5 - 0.1 - feeValue, 12);

  // The admin approves it through the step-up (a passkey).
  const admin = await adminPage(browser);
  await approveInReview(admin, /0\.1 ETH/);

  // The user's page follows the payout without a reload: confirmations k/N, the hash, completed.
  await expect(page.getByTestId('withdrawal-hash')).toContainText(/0x[0-9a-f]{64}/, { timeout: 60_000 });
  // Each confirmation shows as it comes (k of N), then completed.
  const seen = new Set<string>();
  await expect
    .poll(
      async () => {
        const k = await page
          .getByTestId('withdrawal-confirmations')
          .textContent({ timeout: 100 })
          .catch(() => null);
        if (k) seen.add(k);
        return status.getAttribute('data-status');
      },
      { timeout: 90_000, intervals: [200] },
    )
    .toBe('completed');
  expect(
    [...seen].some((k) => /^\d+ of \d+ confirmations$/.test(k)),
    [...seen].join(' | '),
  ).toBe(true);
  await expect(page.getByRole('button', { name: 'Cancel the withdrawal' })).toHaveCount(0);
  await shot(page, 'withdraw-completed');
});

test('an EUR withdrawal to the approved bank account goes into a SEPA file the admin marks paid', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = userPage;
  const wallets = await walletsOf(page);
  const id = (t: string) => wallets.find((w) => w.ticker === t)?.id as string;
  // Euros from a conversion, and a bank account the back office approves.
  const lock = await callApi<{ id: string }>(page, 'POST', 'AssetConvert/lock', {
    leftAssetId: id('ETH'),
    rightAssetId: id('EUR'),
  });
  expect(lock.status, JSON.stringify(lock.body.error)).toBe(200);
  const converted = await callApi(page, 'POST', 'AssetConvert/convert', {
    transactionLockId: lock.body.content.id,
    amount: '0.1',
  });
  expect(converted.status, JSON.stringify(converted.body.error)).toBe(200);
  const iban = await callApi<{ id: string }>(page, 'POST', 'User/iban', {
    iban: 'DE89 3704 0044 0532 0130 00',
  });
  expect(iban.status, JSON.stringify(iban.body.error)).toBe(200);
  const admin = await adminPage(browser);
  const approved = await callApi(
    admin,
    'POST',
    `Admin/setBankAccountStatus?bankAccountId=${iban.body.content.id}&status=1`,
  );
  expect(approved.status, JSON.stringify(approved.body.error)).toBe(200);

  // The user withdraws euros from the wallet screen to "my bank account".
  await page.goto('/wallets');
  await pageShown(page);
  await page.getByRole('button', { name: 'Withdraw from Euro (EUR)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw EUR' });
  await expect(dialog.getByTestId('withdraw-bank')).toContainText('…3000');
  await dialog.getByLabel('Amount that arrives (EUR)').fill('10');
  await expect(dialog.getByTestId('quote-receive')).toHaveText(/10/);
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await answerStepUp(page, code);
  const status = page.getByTestId('withdrawal-status');
  // Not the account's first withdrawal, far below the limits: queued for the next SEPA file at once.
  await expect(status).toHaveAttribute('data-status', 'queued');

  // The back office gathers it into a SEPA file, downloads it and marks it paid.
  await admin.goto('/admin/withdrawals?tab=sepa');
  await pageShown(admin);
  // Step-up actions: the admin gave the passkey at the approval minutes ago, so none is asked again.
  await admin.getByRole('button', { name: 'Make a SEPA file' }).click();
  const batch = admin.getByTestId('sepa-batch').first();
  await expect(batch).toContainText('Waiting for the bank');
  await expectNoSeriousA11yViolations(admin);
  await shot(admin, 'admin-sepa-batch');
  const download = admin.waitForEvent('download');
  await batch.getByRole('button', { name: 'Download the file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xml$/);
  await batch.getByRole('button', { name: 'Mark paid' }).click();
  await expect(batch).toContainText('Paid');
  await expect(status).toHaveAttribute('data-status', 'completed', { timeout: 15_000 });
});
