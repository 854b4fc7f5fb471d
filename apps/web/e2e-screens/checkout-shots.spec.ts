import { type Page, test } from '@playwright/test';
import { shot } from '../e2e/support';
import { E2E } from '../playwright.config';
import { call, LANGS, prepare, signIn, viewports } from './screens.helpers';

// The card payment screens for visual review (decision 0031), in the four languages, light and dark,
// desktop and phone: Premium's "Pay with card", the card-deposit dialog, the test gateway's hosted
// page, the return page processing, cancelled and paid, Premium's manage page and the receipts.

/** A card deposit's checkout, and its id (from the hosted page's session, as the return URL carries it). */
async function cardCheckout(page: Page, token: string, amount: string) {
  const wallets = await call<{ id: string; ticker: string }[]>(page, 'GET', 'Wallets/list');
  const eur = wallets.find((w) => w.ticker === 'EUR')?.id;
  const { url } = await call<{ url: string }>(
    page,
    'POST',
    'Payment/card/checkout',
    { assetId: eur, amount },
    token,
  );
  return url;
}

/** The hosted page's form, posted as the browser would; answers where the gateway sends it back. */
async function payOnPage(page: Page, url: string): Promise<string> {
  const res = await page.request.post(url, {
    form: { number: '4242424242424242', expiry: '12/39', cvc: '123' },
    maxRedirects: 0,
  });
  return res.headers().location ?? '';
}

for (const lang of LANGS) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of Object.entries(viewports)) {
      const tag = `${lang}-${theme}-${device}`;
      test(`checkout screens ${tag}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await prepare(page, { dark: theme === 'dark', lang });
        await page.goto('/home');
        const token = await signIn(page, E2E.userEmail, E2E.userPassword);

        await page.goto('/premium/pay');
        await page.getByTestId('premium-pay-price').waitFor();
        await page.waitForTimeout(300);
        await shot(page, `checkout-pay-${tag}`);

        await page.goto('/wallets');
        await page.getByTestId('wallet-EUR').getByRole('button').first().click();
        await page
          .getByRole('dialog')
          .getByRole('spinbutton')
          .or(page.getByRole('dialog').getByRole('textbox'))
          .first()
          .fill('25');
        await page.waitForTimeout(300);
        await shot(page, `checkout-dialog-${tag}`);

        const open = await cardCheckout(page, token, '25');
        await page.goto(open);
        await page.waitForTimeout(200);
        await shot(page, `checkout-hosted-${tag}`);

        const paidBack = await payOnPage(page, await cardCheckout(page, token, '27'));
        await page.goto(paidBack);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForTimeout(1500);
        await shot(page, `checkout-paid-${tag}`);

        // A checkout not paid yet: the return page waits for the gateway's word.
        await page.goto(await cardCheckout(page, token, '26'));
        const cancelHref =
          (await page.getByRole('link', { name: 'Cancel and return' }).getAttribute('href')) ?? '';
        await page.goto(cancelHref.replace('&cancelled=1', ''));
        await page.waitForTimeout(800);
        await shot(page, `checkout-processing-${tag}`);
        await page.goto(cancelHref);
        await page.waitForTimeout(1200);
        await shot(page, `checkout-cancelled-${tag}`);

        await page.goto('/my-account');
        await page.waitForTimeout(800);
        await shot(page, `checkout-account-${tag}`);
      });
    }
  }
}
