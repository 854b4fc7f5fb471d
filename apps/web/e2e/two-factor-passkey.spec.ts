import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';
import { virtualAuthenticator } from './support/admin-factor';
import { passwordStep, signedIn, signedOut, signUp, unique } from './two-factor.helpers';

// A passkey belongs to a host name, never an IP address: this spec opens the app on localhost,
// which is the server's PUBLIC_URL in playwright.config.ts.
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 8181}` });

test('adds a passkey in Security, then signs in with it and no password', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = unique('passkey');
  const password = 'passkey-password-1';
  await signUp(page, email, password);

  await page.goto('/my-account/security');
  await expect(page.getByText('0 passkeys')).toBeVisible();
  await page.getByLabel('Name of the new passkey').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  // The account's first factor: its recovery codes come with it, shown once.
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('1 passkey', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Test laptop' }),
  ).toContainText('not used yet');
  await expect(page.getByTestId('security-history')).toContainText('Passkey added');
  await expectNoSeriousA11yViolations(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // No e-mail, no password: the passkey alone.
  await signedOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await signedIn(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/my-account/security');
  await expect(
    page.getByRole('list', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Test laptop' }),
  ).toContainText('last used');

  // With the password, the passkey is the second step.
  await signedOut(page);
  await passwordStep(page, email, password);
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await signedIn(page);

  // A passkey the authenticator no longer holds cannot sign in.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await signedOut(page);
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Sign in with a passkey' });
  await button.click();
  // The browser finds no passkey and says so; the page stays signed out (a cancelled prompt
  // is not an error to show).
  await expect(button).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(page.getByRole('article', { name: 'Could not login into your account' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
});
