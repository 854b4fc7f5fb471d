import { expect, type Page, test } from '@playwright/test';
import { Decimal, type Deposit, formatDisplay, TEST_CARDS } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { signUp } from './admin.helpers';
import { type ApiAs, apiAs } from './exchange.helpers';
import { expectNoSeriousA11yViolations, shot, signInViaApi } from './support';

// Card payments on the payment gateway's hosted checkout (DECISIONS §7), here the built-in test
// gateway's page under /gateway/test/: the card is typed there, never in the app nor sent to /api.
// A card deposit (a decline on the hosted page first, then a good card), a checkout cancelled on the
// hosted page, premium bought, managed (saved card, cancel at the period's end) and listed in My
// account, then both payments refunded from the back office.

const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const STAMP = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const buyer = {
  firstName: 'Grace',
  lastName: `Buyer${STAMP}`,
  email: `buyer.${STAMP}@e2e.vaultline.test`,
  password: 'grace-password-123',
};

let user: ApiAs;
/** The card deposit paid in the first test, refunded in the last. */
let depositId = '';
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  user = await apiAs(baseURL ?? '', E2E.userEmail, E2E.userPassword);
  await signUp(baseURL ?? '', buyer);
});
test.afterAll(async () => {
  await user?.dispose();
});

const balance = async (ticker: string) =>
  new Decimal(
    (await user.get<{ ticker: string; amount: string }[]>('Wallets')).find((w) => w.ticker === ticker)
      ?.amount ?? '0',
  );

/** The CVC typed on the hosted page (looked for as a value of its own, not inside ids). */
const CVC = '7391';
const cvcAsValue = new RegExp(`(^|[^0-9a-f])${CVC}($|[^0-9a-f])`, 'i');

/**
 * Every request the page sends to our API (address, headers and body) that carries a card number,
 * the CVC or a card field: there must be none. Counted too, so a watch that saw nothing fails.
 */
function watchCardData(page: Page): { leaks: string[]; seen: () => number } {
  const leaks: string[] = [];
  let seen = 0;
  page.on('request', (r) => {
    if (!new URL(r.url()).pathname.startsWith('/api/')) return;
    seen++;
    const sent = `${r.url()} ${r.postData() ?? ''}`;
    const all = `${sent} ${JSON.stringify(r.headers())}`;
    const numbers = Object.values(TEST_CARDS).flatMap((n) => [n, n.replace(/(\d{4})(?=\d)/g, '$1 ')]);
    if (
      numbers.some((n) => all.includes(n)) ||
      cvcAsValue.test(sent) ||
      /"cvc"|creditCardNumber|cardNumber/i.test(all)
    )
      leaks.push(r.url());
  });
  return { leaks, seen: () => seen };
}

/** Types a card on the test gateway's hosted page and presses its Pay button. */
async function payOnHostedPage(page: Page, number: string): Promise<void> {
  await expect(page).toHaveURL(/\/gateway\/test\/checkout\//);
  await page.getByLabel('Card number').fill(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
  await page.getByLabel('CVC').fill(CVC);
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function openCardDialog(page: Page) {
  await page.goto('/wallets');
  await page.getByRole('button', { name: 'Deposit Euro (EUR)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit EUR by card' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a card deposit on the hosted page: declined first, then paid and credited', async ({ page }) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  const { leaks, seen } = watchCardData(page);
  const before = await balance('EUR');
  const dialog = await openCardDialog(page);
  await dialog.getByLabel('Amount (EUR)').fill('12.34');
  await expect(dialog.getByTestId('card-deposit-summary')).toContainText('You pay 12.34 EUR by card.');
  await dialog.getByRole('button', { name: 'Pay with card' }).click();

  // The gateway's page: the amount, and a declined card refused there (nothing credited).
  await expect(page).toHaveURL(/\/gateway\/test\/checkout\//);
  await expect(page.getByText('12.34 EUR').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await payOnHostedPage(page, TEST_CARDS.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  expect((await balance('EUR')).toFixed()).toBe(before.toFixed());

  await payOnHostedPage(page, TEST_CARDS.success);
  await expect(page).toHaveURL(/\/payment\/return\?id=[0-9a-f-]{36}$/);
  await expect(page.getByText('12.34 EUR added to your wallet')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'checkout-return-deposit');

  expect((await balance('EUR')).toFixed()).toBe(before.plus('12.34').toFixed());
  const deposit = (await user.get<Deposit[]>('Payment/deposits')).find(
    (d) => d.method === 'card' && d.status === 1 && new Decimal(d.amount).eq('12.34') && !d.refundedAt,
  );
  expect(deposit).toMatchObject({ cardLast4: '4242', cardBrand: 'visa' });
  depositId = deposit?.id ?? '';

  await page.getByRole('link', { name: 'Go to my wallets' }).click();
  await expect(page.getByTestId('wallet-EUR').getByTestId('wallet-amount')).toHaveText(
    `${formatDisplay(before.plus('12.34'), 'amount', 'en-us')} EUR`,
  );
  expect(leaks).toEqual([]);
  expect(seen()).toBeGreaterThan(3);
});

test('cancelled on the hosted page: nothing charged, and the way back', async ({ page }) => {
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  const before = await balance('EUR');
  const dialog = await openCardDialog(page);
  await dialog.getByLabel('Amount (EUR)').fill('5');
  await dialog.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/checkout\//);
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await expect(page).toHaveURL(/\/payment\/return\?id=[0-9a-f-]{36}&cancelled=1$/);
  await expect(page.getByText('Payment cancelled. Nothing was charged.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to my wallets' })).toHaveAttribute('href', '/wallets');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'checkout-return-cancelled');
  expect((await balance('EUR')).toFixed()).toBe(before.toFixed());
});

test('buy premium on the hosted page, manage the card, cancel at the period end, see the receipt', async ({
  page,
}) => {
  await signInViaApi(page, buyer.email, buyer.password);
  const { leaks, seen } = watchCardData(page);
  await page.goto('/premium/pay');
  await expect(page.getByTestId('premium-pay-price')).toHaveText('$49');
  await page.getByRole('button', { name: 'Pay with card' }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/checkout\//);
  await expect(page.getByText('49.00 USD').first()).toBeVisible();
  await payOnHostedPage(page, TEST_CARDS.declined);
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await payOnHostedPage(page, TEST_CARDS.success);

  await expect(page).toHaveURL(/\/payment\/return\?id=/);
  await expect(page.getByRole('heading', { name: 'Welcome to Premium' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Manage my Premium' }).click();
  await expect(page).toHaveURL(/\/premium\/manage$/);
  const details = page.getByTestId('subscription-details');
  await expect(details).toContainText('Visa •••• 4242');
  await expect(details).toContainText('$49 per year');
  await expect(details).toContainText('Renewal date');
  const claims = await page.evaluate(() => {
    const token = localStorage.getItem('accesstoken') ?? '';
    return JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')));
  });
  expect(claims.premium).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'checkout-premium-manage');

  // The saved card is managed on the gateway's own page, which leads back here.
  await page.getByRole('button', { name: 'Manage card' }).click();
  await expect(page).toHaveURL(/\/gateway\/test\/portal\//);
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/premium\/manage$/);

  // Cancelling keeps premium until the renewal date: the user stays here and is told when it ends.
  await page.getByRole('button', { name: 'Cancel Premium' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your Premium subscription?' });
  await expect(dialog).toContainText(/Premium stays active until .+ and will not renew\./);
  await dialog.getByRole('button', { name: 'Yes, cancel Premium' }).click();
  await expect(page.getByTestId('subscription-ends')).toContainText('Premium ends on');
  await expect(page).toHaveURL(/\/premium\/manage$/);
  await expect(page.getByRole('button', { name: 'Cancel Premium' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('subscription-details')).toContainText('Ends on');

  await page.goto('/my-account');
  await expect(page.getByTestId('receipt').first()).toContainText('Visa •••• 4242');
  await expect(page.getByTestId('receipt').first()).toContainText('$49.00');
  expect(leaks).toEqual([]);
  expect(seen()).toBeGreaterThan(3);
});

test('the back office refunds the card deposit and the premium payment', async ({ page }) => {
  expect(depositId).not.toBe('');
  await signInViaApi(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto('/admin/deposits');
  await page.getByRole('button', { name: 'All deposits' }).click();
  const card = page.getByTestId(`deposit-${depositId}`);
  // The list is paged: the deposit paid a moment ago is on the first page (newest first).
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this card deposit?' });
  await expect(dialog).toContainText('goes back to their card');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('deposit-refunded')).toHaveText('Refunded');
  await expect(card.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Premium payments' })
    .click();
  await expect(page).toHaveURL(/\/admin\/premium-payments$/);
  const payment = page.locator('li[data-testid^="premium-payment-"]', { hasText: buyer.email }).first();
  await expect(payment).toContainText('Visa •••• 4242');
  await payment.getByRole('button', { name: 'Refund' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this premium payment?' });
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(confirm).toBeHidden();
  await expect(payment.getByTestId('premium-payment-refunded')).toHaveText('Refunded');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'checkout-admin-premium-payments');
});
