import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support';
import {
  type authenticator,
  enrolTotp,
  passwordStep,
  signedIn,
  signedOut,
  signUp,
  unique,
} from './two-factor.helpers';

// One account through the whole story: set up from the screen, then each way of signing in.
test.describe.configure({ mode: 'serial' });

const password = 'two-factor-password-1';
const email = unique('totp');
let app: ReturnType<typeof authenticator>;
let codes: string[] = [];

const secondStep = (page: Page) => expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();

test('sets up an authenticator from Security (QR code, first code, recovery codes) and signs in with a code', async ({
  page,
}) => {
  await signUp(page, email, password);
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('Your account has no second factor yet.', { exact: false })).toBeVisible();
  ({ codes, app } = await enrolTotp(page));
  await expect(page.getByRole('button', { name: 'Download as a file' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('recovery-codes')).toHaveCount(0);
  await expect(page.getByTestId('recovery-left')).toHaveText('10 recovery codes left');
  await expect(page.getByTestId('security-history')).toContainText('Authenticator app turned on');

  await signedOut(page);
  await passwordStep(page, email, password);
  await secondStep(page);
  await expectNoSeriousA11yViolations(page);
  // A wrong code is refused and the step stays.
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code or passkey is not right, or was already used.')).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(await app.next());
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await expect(page).toHaveURL(/\/home$/);
});

test('signs in with a recovery code, which works only once', async ({ page }) => {
  const [first] = codes;
  expect(first).toBeTruthy();
  await passwordStep(page, email, password);
  await secondStep(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(first ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn(page);
  await page.goto('/my-account/security');
  await expect(page.getByTestId('recovery-left')).toHaveText('9 recovery codes left');
  await expect(page.getByTestId('security-history')).toContainText('Recovery code used');

  await signedOut(page);
  await passwordStep(page, email, password);
  await secondStep(page);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(first ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code or passkey is not right, or was already used.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
});

test('a protected action opens the step-up dialog and goes through with a code', async ({ page }) => {
  // A new account whose session set up the factor: no factor given in it yet.
  const other = unique('stepup');
  await signUp(page, other, password);
  const { app: otherApp } = await enrolTotp(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Changing the password of an account with a factor needs one given in the last 10 minutes.
  await page.goto('/changePassword');
  await page.getByLabel('Current password').fill(password);
  await page.getByLabel('New password').fill('two-factor-password-2');
  await page.getByLabel('Confirm password').fill('two-factor-password-2');
  await page.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Confirm it is you with your second factor to continue.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Code from your authenticator app').fill('000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText('That code or passkey is not right, or was already used.')).toBeVisible();
  await dialog.getByLabel('Code from your authenticator app').fill(await otherApp.next());
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Password changed successfully !' })).toBeVisible();

  // The new password is the one that works now.
  await signedOut(page);
  await passwordStep(page, other, 'two-factor-password-2');
  await secondStep(page);
});
