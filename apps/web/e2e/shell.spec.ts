import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { expectNoSeriousA11yViolations, loginAs, pageShown, shot, signInViaApi } from './support';

const footer = (page: Page) => page.locator('footer');
const languageSelect = (page: Page, label: string) => footer(page).getByLabel(label, { exact: true });

test.describe('shell', () => {
  test('switching the language in the footer changes the texts and survives a reload', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Buy / Sell' }).first()).toBeVisible();
    await languageSelect(page, 'Language').selectOption('fr-fr');
    await expect(page.getByRole('link', { name: 'Acheter / Vendre' }).first()).toBeVisible();
    await expect(languageSelect(page, 'Langue')).toHaveAttribute('data-state', 'success');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-fr');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('fr-fr');

    await page.reload();
    await expect(page.getByRole('link', { name: 'Acheter / Vendre' }).first()).toBeVisible();
    await expect(languageSelect(page, 'Langue')).toHaveValue('fr-fr');

    await languageSelect(page, 'Langue').selectOption('ru-ru');
    await expect(page.getByRole('link', { name: 'Купить / Продать' }).first()).toBeVisible();
  });

  test('switching the currency stores it, sends it to the API and survives a reload', async ({ page }) => {
    await page.goto('/home');
    const select = languageSelect(page, 'Currency');
    await expect(select).toHaveValue('USD');
    await expect(select.locator('option')).toHaveCount(7);
    const nextCall = page.waitForRequest(
      (r) => r.url().includes('/api/') && r.headers()['x-currency'] === 'CHF',
    );
    await select.selectOption('CHF');
    await expect(select).toHaveAttribute('data-state', 'success');
    expect(await page.evaluate(() => localStorage.getItem('currency'))).toBe('CHF');
    // Queries are invalidated, so the page reloads its data in the new currency.
    await nextCall;
    await page.reload();
    await expect(languageSelect(page, 'Currency')).toHaveValue('CHF');
  });

  test('signed in, language and currency are saved to the profile', async ({ page }) => {
    await signInViaApi(page, E2E.userEmail, E2E.userPassword);
    await page.goto('/home');
    const saved = page.waitForResponse((r) => r.url().includes('/api/User/currency?currency=EUR'));
    await languageSelect(page, 'Currency').selectOption('EUR');
    expect((await saved).status()).toBe(200);
    await expect(languageSelect(page, 'Currency')).toHaveAttribute('data-state', 'success');
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(user.preferedCurrency).toBe('EUR');

    const lang = page.waitForResponse((r) => r.url().includes('/api/User/language?lang=de-de'));
    await languageSelect(page, 'Language').selectOption('de-de');
    expect((await lang).status()).toBe(200);
    await expect(page.getByRole('link', { name: 'Kaufen / Verkaufen' }).first()).toBeVisible();

    // A fresh browser (nothing stored) starts in the profile's language.
    await page.evaluate(() => localStorage.removeItem('lang'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-de');

    // Put the shared demo profile back for the other tests.
    await languageSelect(page, 'Sprache').selectOption('en-us');
    await expect(languageSelect(page, 'Language')).toHaveAttribute('data-state', 'success');
    await languageSelect(page, 'Currency').selectOption('USD');
    await expect(languageSelect(page, 'Currency')).toHaveAttribute('data-state', 'success');
  });

  test('the dark-mode toggle sets the class and survives a reload', async ({ page }) => {
    const cspErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && m.text().includes('Content Security Policy')) cspErrors.push(m.text());
    });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/home');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(html).toHaveClass(/dark/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    // The pre-paint theme script ran under the CSP (a file, not an inline script).
    expect(cspErrors).toEqual([]);
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('dark'))).toBe('false');
  });

  test('without a stored choice the system theme applies', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/home');
    await expect(page.locator('html')).toHaveClass(/dark/);
  });

  test('a visitor opening a signed-in page gets the unauthorized page', async ({ page }) => {
    await page.goto('/my-account');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please log in');
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute(
      'href',
      '/home',
    );
  });

  test('after logging in from the unauthorized page the visitor comes back to the page they wanted', async ({
    page,
  }) => {
    await page.goto('/wallets');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email', { exact: true }).fill(E2E.userEmail);
    await page.getByLabel('Password', { exact: true }).fill(E2E.userPassword);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/wallets$/);
  });

  test('the demo user opening /admin gets the forbidden page', async ({ page }) => {
    await loginAs(page, E2E.userEmail, E2E.userPassword);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/forbidden$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
    // No admin link in the header for a non-admin.
    await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  });

  test('the admin sees the admin link and the back-office side menu', async ({ page }) => {
    await signInViaApi(page, E2E.adminEmail, E2E.adminPassword);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/home');
    await page.getByRole('link', { name: 'Admin', exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const menu = page.getByRole('navigation', { name: 'Back office' });
    for (const item of [
      'Home',
      'Search user',
      'Deposits',
      'Bank accounts',
      'Wallet addresses',
      'Pending transactions',
      'Approved transactions',
      'Rejected transactions',
      'Tidio chat settings',
      'Outbox',
    ]) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/admin\/outbox$/);
    await expect(menu.getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
  });

  test('unknown paths show the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });

  test('user menu: keyboard, Escape and outside click close it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/home');
    const trigger = page.getByRole('button', { name: 'Account menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#user-menu');
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
    await expect(menu).toHaveCount(0);

    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('phone: the hamburger opens the menu with links and the user links', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/home');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Menu', exact: true });
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const mobile = page.locator('#mobile-menu');
    await expect(mobile.getByRole('link', { name: 'AML policy' })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Log in' })).toBeVisible();
    await mobile.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    // No horizontal scrolling at 360 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the newsletter box stores a sign-up and says so', async ({ page }) => {
    await page.goto('/home');
    await pageShown(page);
    const box = footer(page).getByLabel('E-mail address for the newsletter');
    await expect(box).toHaveAttribute('type', 'email');
    await expect(box).toHaveAttribute('maxlength', '254');
    expect(await box.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
    await box.fill(`${'a'.repeat(65)}@example.com`);
    expect(await box.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);
    await box.fill('shell-e2e@example.com');
    const res = page.waitForResponse((r) => r.url().endsWith('/api/newsletter'));
    await footer(page).getByRole('button', { name: 'Subscribe' }).click();
    expect((await res).status()).toBe(200);
    const note = page
      .getByRole('status', { name: 'Notifications' })
      .getByRole('article', { name: 'Subscribed' });
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute('data-severity', 'Success');
  });

  test('a navigation waiting for slow page code shows a progress bar over the page being left', async ({
    page,
  }) => {
    await page.goto('/home');
    await pageShown(page);
    const homeTitle = await page.locator('main h1').first().textContent();
    // The contact page's code takes a second to arrive.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Loading…' });
    await expect(bar).toBeVisible();
    // The page being left stays on screen meanwhile.
    await expect(page.locator('main h1').first()).toHaveText(homeTitle ?? '');
    await shot(page, 'navigation-progress');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 800 });
    await shot(page, 'navigation-progress-dark-phone');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  for (const path of ['/home', '/unauthorized', '/forbidden', '/notfound']) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`axe: no serious violations on ${path} (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Let entrance transitions finish so colours are final.
        await page.waitForTimeout(400);
        await expectNoSeriousA11yViolations(page);
      });
    }
  }
});
