import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';
import { signInViaApi } from './support';
import { signInOn } from './support/admin-factor';

const SHOTS = process.env.AUTH_SHOTS_DIR ?? '/tmp/shots-auth';
const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.vaultline.test`;

/** A notification card of the shell, named by its title. */
const notice = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function expectNotice(page: Page, title: string, message?: string) {
  const card = notice(page, title).last();
  await expect(card).toBeVisible();
  if (message) await expect(card.getByText(message, { exact: true })).toBeVisible();
}

async function signUp(page: Page, email: string, password: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Birthday').fill('1990-12-09');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'REGISTER NOW' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

/** A call as the demo admin from a separate request context (its own cookies and XSRF token). */
async function adminApi(request: APIRequestContext) {
  const res = await signInOn(request, E2E.baseURL, E2E.adminEmail, E2E.adminPassword);
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { content: { jwToken: string } }).content.jwToken;
  return { get: (url: string) => request.get(url, { headers: { authorization: `Bearer ${token}` } }) };
}

/** The reset link e-mailed to `email`, read from the outbox (path and query only: the host is PUBLIC_URL). */
async function resetLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const admin = await adminApi(request);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/Admin/outbox?to=${encodeURIComponent(email)}`);
        const mails = ((await res.json()) as { content: { body: string }[] }).content;
        link = mails.map((m) => m.body.match(/https?:\/\/\S+\/changePassword\?\S+/)?.[0]).find(Boolean);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

test.describe('authentication', () => {
  test('sign up, log out, then log in with a wrong and the right password', async ({ page }) => {
    const email = unique('signup');
    const password = 'first-password-1';

    await signUp(page, email, password);
    await expect(page).toHaveURL(/\/my-account$/);
    await expectNotice(page, 'Account created successfully', 'Welcome to Vaultline !');
    expect(await page.evaluate(() => localStorage.getItem('accesstoken'))).not.toBeNull();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').email))
      .toBe(email);

    // The header's user menu leads to the logout confirmation.
    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/home');
    const logoutCall = page.waitForResponse((r) => r.url().endsWith('/api/Auth/logout'));
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await logoutCall).status()).toBe(200);
    await expect(page).toHaveURL(/\/home$/);
    await expectNotice(page, 'Successfully logged out', 'You have been safely logged out of your account !');
    expect(await page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
    // The refresh cookie was revoked: a refresh is refused.
    const refresh = await page.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '');
      return (await fetch('/api/Auth/refresh', { method: 'POST', headers: { 'x-xsrf-token': xsrf } })).status;
    });
    expect(refresh).toBe(401);

    await logIn(page, email, 'not-the-password');
    await expectNotice(
      page,
      'Could not login into your account',
      'Please check your credentials are correct.',
    );
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expectNotice(page, 'Successfully logged in', 'Welcome back !');
    // Visitor-only pages now send the user home.
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('field errors appear after submit, on the fields, and nothing is sent', async ({ page }) => {
    await page.goto('/login');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/Auth')) calls++;
    });
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await expect(page.getByText('Please enter a valid e-mail address.')).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('reset a forgotten password with the e-mailed link', async ({ page, playwright }) => {
    const email = unique('reset');
    await signUp(page, email, 'old-password-1');
    await expect(page).toHaveURL(/\/my-account$/);
    await page.goto('/logout');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/home$/);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgotPassword$/);
    // The router keeps the login page (its own Email box) on screen until this page's code is here.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expectNotice(
      page,
      'Check your inbox',
      'If this address has an account, we have sent it an e-mail with a link to reset your password.',
    );
    // The token is never shown on the page.
    await expect(page.getByText(/changePassword\?token/)).toHaveCount(0);

    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const link = await resetLinkFor(request, email);
    await request.dispose();
    expect(link).toMatch(/^\/changePassword\?token=.+/);

    await page.goto(link);
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('New password', { exact: true }).fill('new-password-22');
    await page.getByLabel('Confirm password', { exact: true }).fill('new-password-2x');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expectNotice(page, "Passwords don't match", "New password and confirm password don't match");

    await page.getByLabel('Confirm password', { exact: true }).fill('new-password-22');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectNotice(page, 'Password changed successfully !');

    await logIn(page, email, 'old-password-1');
    await expectNotice(
      page,
      'Could not login into your account',
      'Please check your credentials are correct.',
    );
    await logIn(page, email, 'new-password-22');
    await expect(page).toHaveURL(/\/home$/);

    // The link works once.
    await page.goto('/logout');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-password-3');
    await page.getByLabel('Confirm password', { exact: true }).fill('third-password-3');
    await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
    await expectNotice(
      page,
      'An error occured.',
      'This password reset link is invalid, expired or already used. Please ask for a new one.',
    );
  });

  test('changePassword without a token sends a visitor home with "Missing reset token."', async ({
    page,
  }) => {
    await page.goto('/changePassword');
    await expect(page).toHaveURL(/\/home$/);
    await expectNotice(page, 'Error', 'Missing reset token.');
  });

  // Their accessibility (every auth screen in both themes, the sign-up form with its field errors
  // shown, signed out and in) is checked by the sweep, a11y-routes.spec.ts, with all of axe's rules.

  test('screenshots: light and dark, desktop and phone, en-us and de-de', async ({ browser }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    const pages = ['login', 'signup', 'forgotPassword', 'changePassword?token=abc&email=a%40b.co', 'logout'];
    for (const lang of ['en-us', 'de-de']) {
      for (const dark of [false, true]) {
        for (const width of [1280, 375]) {
          const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 800 } });
          await context.addInitScript(
            ([l, d]) => {
              localStorage.setItem('lang', l as string);
              localStorage.setItem('dark', String(d));
            },
            [lang, dark],
          );
          const page = await context.newPage();
          for (const p of pages) {
            if (p === 'logout') await signInViaApi(page, E2E.userEmail, E2E.userPassword);
            await page.goto(`/${p}`);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
            await expect(page.locator('html')).toHaveAttribute('lang', lang);
            const name = `${p.split('?')[0]}-${lang}-${dark ? 'dark' : 'light'}-${width}`;
            await page.screenshot({
              path: path.join(SHOTS, `${name}.png`),
              fullPage: true,
              animations: 'disabled',
            });
          }
          // The signup form with its field errors.
          await page.evaluate(() => localStorage.removeItem('accesstoken'));
          await page.goto('/signup');
          await page
            .getByRole('button')
            .filter({ hasText: /REGISTER|REGISTRIEREN/ })
            .click();
          await page.waitForTimeout(100);
          const name = `signup-errors-${lang}-${dark ? 'dark' : 'light'}-${width}`;
          await page.screenshot({
            path: path.join(SHOTS, `${name}.png`),
            fullPage: true,
            animations: 'disabled',
          });
          await context.close();
        }
      }
    }
  });
});
