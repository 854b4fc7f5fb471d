import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, shot, signInViaApi } from './support';

// The card deposit dialog of a fiat wallet (DECISIONS §5, §7): the amount only, a summary and "Pay
// with card", which sends the browser to the payment gateway's hosted page: no card number, expiry,
// CVC or holder is typed here. Paying on the hosted page and the return to /payment/return are
// covered by checkout.spec.ts once the server serves the hosted checkout.

/** The dialog's texts in the two languages tried here (public/i18n/*.json, Funding.*, Checkout.*). */
const TEXTS = {
  'en-us': {
    deposit: (name: string, ticker: string) => `Deposit ${name} (${ticker})`,
    title: (ticker: string) => `Deposit ${ticker} by card`,
    amount: (ticker: string) => `Amount (${ticker})`,
    submit: 'Pay with card',
    cancel: 'Cancel',
    invalid: 'Please enter a valid amount',
    summary: (amount: string, ticker: string) => `You pay ${amount} ${ticker} by card.`,
  },
  'fr-fr': {
    deposit: (name: string, ticker: string) => `Déposer ${name} (${ticker})`,
    title: (ticker: string) => `Déposer des ${ticker} par carte`,
    amount: (ticker: string) => `Montant (${ticker})`,
    submit: 'Payer par carte',
    cancel: 'Annuler',
    invalid: 'Veuillez saisir un montant valide',
    summary: (amount: string, ticker: string) => `Vous payez ${amount} ${ticker} par carte.`,
  },
} as const;
type Lang = keyof typeof TEXTS;
const NAMES: Record<string, string> = { USD: 'US Dollar', EUR: 'Euro' };

test.describe.configure({ mode: 'serial' });

/** Signs the demo user in with `lang` as the stored language choice and opens /wallets. */
async function openWallets(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await signInViaApi(page, E2E.userEmail, E2E.userPassword);
  await page.goto('/wallets');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

async function openDialog(page: Page, lang: Lang, ticker: string) {
  const t = TEXTS[lang];
  await page.getByRole('button', { name: t.deposit(NAMES[ticker] ?? ticker, ticker) }).click();
  const dialog = page.getByRole('dialog', { name: t.title(ticker) });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const lang of ['en-us', 'fr-fr'] as const) {
  test(`${lang}: the amount only, checked before anything is sent, then a summary`, async ({ page }) => {
    const t = TEXTS[lang];
    if (lang === 'fr-fr') await page.setViewportSize({ width: 390, height: 844 });
    await openWallets(page, lang);
    const checkouts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/Payment/card/')) checkouts.push(r.url());
    });
    const dialog = await openDialog(page, lang, 'EUR');
    // One field: the card is typed on the gateway's page, never here.
    await expect(dialog.locator('input')).toHaveCount(1);
    await expect(dialog.locator('input[autocomplete^="cc-"]')).toHaveCount(0);

    await dialog.getByLabel(t.amount('EUR')).fill('abc');
    await dialog.getByRole('button', { name: t.submit }).click();
    await expect(dialog.getByText(t.invalid)).toBeVisible();
    await expect(dialog.getByLabel(t.amount('EUR'))).toHaveAttribute('aria-invalid', 'true');
    expect(checkouts).toEqual([]);

    // A French user may type a decimal comma.
    await dialog.getByLabel(t.amount('EUR')).fill(lang === 'fr-fr' ? '25,5' : '25.5');
    await expect(dialog.getByTestId('card-deposit-summary')).toContainText(
      t.summary(lang === 'fr-fr' ? '25,50' : '25.50', 'EUR'),
    );
    await expectNoSeriousA11yViolations(page);
    if (lang === 'fr-fr') {
      // On a phone the whole dialog fits the width and its buttons can be reached.
      const box = await dialog.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(390);
      await dialog.getByRole('button', { name: t.submit }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: t.submit })).toBeInViewport();
    }
    await shot(page, `card-deposit-filled-${lang === 'fr-fr' ? 'phone-fr' : 'desktop-en'}`);
    await dialog.getByRole('button', { name: t.cancel }).click();
    await expect(dialog).toBeHidden();
    expect(checkouts).toEqual([]);
  });
}
