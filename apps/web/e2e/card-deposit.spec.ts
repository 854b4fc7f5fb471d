import { expect, type Locator, type Page, test } from '@playwright/test';
import { Decimal, type Deposit, formatDisplay, TEST_CARDS } from '@vaultline/shared';
import { E2E } from '../playwright.config';
import { type ApiAs, apiAs } from './exchange.helpers';
import { expectNoSeriousA11yViolations, shot, signInViaApi } from './support';

// Card deposits into fiat wallets through the offline test gateway (payment-gateway.ts): 4242…
// is accepted, 4000 0000 0000 0002 declined. The demo user starts with USD 5000 and EUR 1000.

interface Wallet {
  ticker: string;
  amount: string;
}

/** The dialog's texts in the two languages tried here (public/i18n/*.json, Funding.*). */
const TEXTS = {
  'en-us': {
    deposit: (name: string, ticker: string) => `Deposit ${name} (${ticker})`,
    title: (ticker: string) => `Deposit ${ticker} by card`,
    amount: (ticker: string) => `Amount (${ticker})`,
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    holder: 'Card holder',
    submit: 'Pay and deposit',
    success: (ticker: string) => `Your ${ticker} wallet has been credited.`,
    declined: 'Your card was declined.',
  },
  'fr-fr': {
    deposit: (name: string, ticker: string) => `Déposer ${name} (${ticker})`,
    title: (ticker: string) => `Déposer des ${ticker} par carte`,
    amount: (ticker: string) => `Montant (${ticker})`,
    number: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'CVC',
    holder: 'Titulaire de la carte',
    submit: 'Payer et déposer',
    success: (ticker: string) => `Votre portefeuille ${ticker} a été crédité.`,
    declined: 'Votre carte a été refusée.',
  },
} as const;
type Lang = keyof typeof TEXTS;
const NAMES: Record<string, string> = { USD: 'US Dollar', EUR: 'Euro' };

// A card that expires in three years, so the gateway never refuses it for its date.
const EXPIRY = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

let user: ApiAs;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  user = await apiAs(baseURL ?? '', E2E.userEmail, E2E.userPassword);
});
test.afterAll(async () => {
  await user?.dispose();
});

const balance = async (ticker: string) =>
  new Decimal((await user.get<Wallet[]>('Wallets')).find((w) => w.ticker === ticker)?.amount ?? '0');
const shown = (amount: Decimal, ticker: string, lang: Lang) =>
  `${formatDisplay(amount, 'amount', lang)} ${ticker}`;
const walletAmount = (page: Page, ticker: string) =>
  page.getByTestId(`wallet-${ticker}`).getByTestId('wallet-amount');

/** Signs the demo user in with `lang` as the stored language choice and opens /wallets. */
async function openWallets(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/wallets');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Opens the card dialog of a fiat wallet, fills it with `cardNumber` and submits it. */
async function payByCard(
  page: Page,
  lang: Lang,
  ticker: string,
  amount: string,
  cardNumber: string,
): Promise<{
  dialog: Locator;
  status: number;
  body: { success: boolean; content?: string; error?: unknown };
}> {
  const t = TEXTS[lang];
  await page.getByRole('button', { name: t.deposit(NAMES[ticker] ?? ticker, ticker) }).click();
  const dialog = page.getByRole('dialog', { name: t.title(ticker) });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t.amount(ticker)).fill(amount);
  // Typed as printed on a card, in groups of four: the form strips the spaces.
  await dialog.getByLabel(t.number).fill(cardNumber.replace(/(\d{4})(?=\d)/g, '$1 '));
  await dialog.getByLabel(t.expiry).fill(EXPIRY);
  await dialog.getByLabel(t.cvc, { exact: true }).fill('123');
  await dialog.getByLabel(t.holder).fill('Demo Tester');
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/Payment/card/deposit') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: t.submit }).click();
  const res = await answer;
  return { dialog, status: res.status(), body: await res.json() };
}

/** `typed` is what the user enters (a French user may type a decimal comma), `amount` its value. */
async function accepted(
  page: Page,
  lang: Lang,
  ticker: string,
  typed: string,
  amount: string,
): Promise<void> {
  const t = TEXTS[lang];
  await openWallets(page, lang);
  const before = await balance(ticker);
  await expect(walletAmount(page, ticker)).toHaveText(shown(before, ticker, lang));

  const { dialog, status, body } = await payByCard(page, lang, ticker, typed, TEST_CARDS.success);
  expect(status, JSON.stringify(body)).toBe(200);
  // The user sees the success notice, the dialog closes and the wallet shows the new balance.
  const notice = page.getByRole('status').getByRole('article', { name: t.success(ticker) });
  await expect(notice).toHaveAttribute('data-severity', 'Success');
  // It fades in after a short delay: wait until it is fully shown, not merely in the DOM.
  await expect(notice).toHaveCSS('opacity', '1');
  await expect(dialog).toBeHidden();
  const after = before.plus(amount);
  await expect(walletAmount(page, ticker)).toHaveText(shown(after, ticker, lang));
  expect((await balance(ticker)).toFixed()).toBe(after.toFixed());

  // The server kept a credited card deposit with only the last four digits of the card.
  const deposit = (await user.get<Deposit[]>('Payment/deposits')).find((d) => d.id === body.content);
  expect(deposit).toMatchObject({ status: 1, method: 'card', cardLast4: '4242', cardBrand: 'visa' });
  expect(new Decimal(deposit?.amount ?? '0').toFixed()).toBe(new Decimal(amount).toFixed());
}

async function declined(page: Page, lang: Lang, ticker: string, amount: string): Promise<Locator> {
  const t = TEXTS[lang];
  await openWallets(page, lang);
  const before = await balance(ticker);
  const failedBefore = (await user.get<Deposit[]>('Payment/deposits')).filter((d) => d.status === 0).length;

  const { dialog, status, body } = await payByCard(page, lang, ticker, amount, TEST_CARDS.declined);
  expect(status).toBe(402);
  expect(body.error).toMatchObject({ code: 'CARD_DECLINED' });
  // The refusal is shown in the dialog in the user's language; the dialog stays open to retry.
  await expect(dialog.getByRole('alert')).toHaveText(t.declined);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(t.amount(ticker))).toHaveValue(amount);
  if (lang !== 'en-us') await expect(page.getByText(TEXTS['en-us'].declined)).toHaveCount(0);
  await expect(page.getByRole('status').getByRole('article')).toHaveCount(0);

  // No money moved: neither on screen (after a reload of the wallets) nor on the server.
  expect((await balance(ticker)).toFixed()).toBe(before.toFixed());
  await expect(walletAmount(page, ticker)).toHaveText(shown(before, ticker, lang));
  const deposits = await user.get<Deposit[]>('Payment/deposits');
  expect(deposits.filter((d) => d.status === 0)).toHaveLength(failedBefore + 1);
  expect(deposits.filter((d) => d.status === 0 && d.cardLast4 === '0002').length).toBeGreaterThan(0);
  return dialog;
}

test('an accepted card credits the wallet and says so (English)', async ({ page }) => {
  await accepted(page, 'en-us', 'EUR', '25.5', '25.5');
});

test('a declined card shows the refusal and changes no balance (English)', async ({ page }) => {
  const dialog = await declined(page, 'en-us', 'USD', '40');
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'card-deposit-declined-desktop-en');
  // Reloading the wallets proves the unchanged amount is the server's, not a stale screen.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(walletAmount(page, 'USD')).toHaveText(shown(await balance('USD'), 'USD', 'en-us'));
});

test('in French, the accepted card is confirmed in French', async ({ page }) => {
  await accepted(page, 'fr-fr', 'USD', '12,34', '12.34');
});

test('in French, the refusal is shown in French, also on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await declined(page, 'fr-fr', 'EUR', '15');
  // On a phone the whole dialog fits the width, and the refusal and the buttons can be reached.
  const box = await dialog.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);
  await dialog.getByRole('alert').scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('alert')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: TEXTS['fr-fr'].submit })).toBeInViewport();
  await shot(page, 'card-deposit-declined-phone-fr');
});

test('screenshots: the filled dialog and the success notice, desktop and phone', async ({ page }) => {
  for (const [name, size] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await openWallets(page, 'en-us');
    await page.getByRole('button', { name: TEXTS['en-us'].deposit('Euro', 'EUR') }).click();
    const dialog = page.getByRole('dialog', { name: TEXTS['en-us'].title('EUR') });
    await dialog.getByLabel('Amount (EUR)').fill('5');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry (MM/YY)').fill(EXPIRY);
    await dialog.getByLabel('CVC', { exact: true }).fill('123');
    await dialog.getByLabel('Card holder').fill('Demo Tester');
    await shot(page, `card-deposit-filled-${name}`);
    await dialog.getByRole('button', { name: 'Pay and deposit' }).click();
    await expect(
      page.getByRole('status').getByRole('article', { name: 'Your EUR wallet has been credited.' }),
    ).toHaveCSS('opacity', '1');
    await shot(page, `card-deposit-success-${name}`);
  }
});
