import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.vaultline.test`;

/** A new account, signed up through the page (signed in when this returns). */
export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Birthday').fill('1990-12-10');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'REGISTER NOW' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('accesstoken')), { timeout: 15_000 })
    .not.toBeNull();
}

/** E-mail and password on the login page; the second step (if any) follows. */
export async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}

export const signedIn = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => localStorage.getItem('accesstoken')), { timeout: 15_000 })
    .not.toBeNull();

export const signedOut = async (page: Page) => {
  await page.goto('/logout');
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
};

/**
 * Codes of an authenticator app, as the server checks them (RFC 6238, 30 s, ±1 step): each code
 * is accepted once, so every call gives the code of a step after the last one given, waiting for
 * the clock when that step is not yet within the server's drift.
 */
export function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  let last = -1;
  return {
    async next(): Promise<string> {
      for (;;) {
        const now = Math.floor(Date.now() / 30_000);
        const step = last < 0 ? now : Math.max(last + 1, now - 1);
        if (step <= now + 1) {
          last = step;
          return totp.generate({ timestamp: step * 30_000 + 1_000 });
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    },
  };
}

/** Sets up the authenticator on the Security page; answers its secret and the recovery codes. */
export async function enrolTotp(
  page: Page,
): Promise<{ secret: string; codes: string[]; app: ReturnType<typeof authenticator> }> {
  await page.goto('/my-account/security');
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  const app = authenticator(secret);
  await page.getByLabel('First code from the app').fill(await app.next());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByTestId('recovery-codes');
  await expect(list).toBeVisible();
  const codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  return { secret, codes, app };
}
