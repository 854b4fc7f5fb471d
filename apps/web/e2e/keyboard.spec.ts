import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type A11yData, createA11yData, freshToken, prepare } from './a11y.fixtures';
import { chooseWithArrows, expectFocusTrapped, expectFocusVisible, tabTo } from './support/keyboard';

// The exchange flows, menus, the carousel and the dialogs with the keyboard alone (Tab, Shift+Tab,
// Enter, Space, arrows, Escape; no click): every element that takes focus must show it (3:1), modal
// dialogs keep focus inside and give it back to their opener when they close.

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
// The guest sends ZEC (a network typed by hand; ETH is watched, and LTC too where litecoind is
// installed, with no hash to type): its hash is 64 hex digits, of its own each run (one hash, one claim).
const ZEC_HASH = () => randomBytes(32).toString('hex');

let data: A11yData;
test.beforeAll(async ({ baseURL }) => {
  data = await createA11yData(baseURL ?? '');
});
test.afterAll(async () => {
  await data?.dispose();
});

const focused = (page: Page) => page.locator('*:focus');
const notice = (page: Page, title: string) =>
  page.getByRole('status', { name: 'Notifications' }).getByRole('article', { name: title, exact: true });

for (const dark of [false, true]) {
  test(`guest exchange from the home widget to Done, keyboard only (${dark ? 'dark' : 'light'})`, async ({
    page,
  }) => {
    await prepare(page, null, { dark });
    await page.goto('/home');
    const give = page.getByLabel('You give', { exact: true });
    const receive = page.getByLabel('You receive', { exact: true });
    await expect(give.locator('option:checked')).toHaveText('Bitcoin (BTC)');
    await tabTo(page, give);
    await chooseWithArrows(page, give, 'Zcash (ZEC)');
    await tabTo(page, receive);
    await chooseWithArrows(page, receive, 'Bitcoin (BTC)');
    await tabTo(page, page.getByLabel('Amount you give'));
    await page.keyboard.type('5');
    await tabTo(page, page.getByRole('button', { name: 'Convert' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/buy-sell\/manual-deposit\//);
    // The Convert button went with the home page: focus went on to the new page's main region.
    await expect(page.locator('main')).toBeFocused();
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    await tabTo(page, email);
    await page.keyboard.type('keyboard.guest@example.com');
    const address = page.getByRole('textbox', { name: 'Your BTC address (where you receive)', exact: true });
    await tabTo(page, address);
    await page.keyboard.type(BTC_ADDRESS);
    // Back to the e-mail and forward again: Shift+Tab walks the same order backwards.
    await tabTo(page, email, { back: true });
    await tabTo(page, page.getByRole('button', { name: 'Get Address' }));
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/[?&]exchange=/);
    await expect(page.getByRole('button', { name: 'Done' })).toBeVisible();
    await tabTo(page, page.getByRole('textbox', { name: 'Transaction hash', exact: true }));
    await page.keyboard.type(ZEC_HASH());
    await tabTo(page, page.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/buy-sell\/history$/);
    await expect(notice(page, 'Transaction Confirmed')).toBeVisible();
  });
}

test('signed-in convert: buy-sell, lock, amount, Confirm, keyboard only', async ({ page }) => {
  await prepare(page, await freshToken(data, 'user'));
  await page.goto('/buy-sell');
  const give = page.getByLabel('You give', { exact: true });
  await tabTo(page, give);
  await expect(give.locator('option:checked')).toHaveText('Bitcoin (BTC)');
  await tabTo(page, page.getByLabel('You receive', { exact: true }));
  await chooseWithArrows(page, page.getByLabel('You receive', { exact: true }), 'Ethereum (ETH)');
  await tabTo(page, page.getByRole('button', { name: 'Convert' }));
  // Space presses a button as Enter does.
  await page.keyboard.press('Space');

  await expect(page).toHaveURL(/\/buy-sell\/preview\//);
  await expect(page.locator('main')).toBeFocused();
  await expect(page.getByRole('timer')).toBeVisible();
  await tabTo(page, page.getByLabel(/^Amount \(BTC\)/));
  await page.keyboard.type('0.01');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/buy-sell\/transaction\//);
  await expect(page.getByRole('main').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  // Focus moved to main after the navigation: Tab goes on with this page (a new conversion, then
  // Continue), not with the header.
  await expect(page.locator('main')).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Continue' }), { max: 2 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/wallets$/);
});

test('card deposit dialog: opens with Enter, traps focus, Escape returns focus to Deposit', async ({
  page,
}) => {
  await prepare(page, await freshToken(data, 'user'));
  await page.goto('/wallets');
  const opener = page.getByTestId('wallet-USD').getByRole('button', { name: /Deposit/ });
  await tabTo(page, opener, { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /Deposit/ });
  await expect(dialog).toBeVisible();
  await expect
    .poll(() => dialog.evaluate((d) => d.contains(document.activeElement)), { message: 'focus moved in' })
    .toBe(true);
  await expectFocusVisible(page);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);
});

test('admin decision dialog: row opened with Enter, Approve, trap, Escape back to Approve', async ({
  page,
}) => {
  await prepare(page, await freshToken(data, 'admin'));
  await page.goto('/admin/pending-transactions');
  const toggle = page.getByRole('button', { name: /Show or hide the details/ }).first();
  await tabTo(page, toggle, { max: 80 });
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const approve = page.getByRole('button', { name: 'Approve', exact: true });
  await tabTo(page, approve);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Approve this exchange?' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(approve).toBeFocused();
});

test('premium cancel dialog: safe choice focused, trap, Escape back to the opener', async ({ page }) => {
  await prepare(page, await freshToken(data, 'premium'));
  await page.goto('/premium/manage');
  const opener = page.getByRole('button', { name: 'Cancel Premium' });
  await tabTo(page, opener, { max: 80 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel your Premium subscription?' });
  await expect(dialog.getByRole('button', { name: 'Keep Premium' })).toBeFocused();
  await expectFocusTrapped(page, dialog, 6);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('user menu and logout: Enter opens, Tab walks the links, Escape closes, logout confirmed', async ({
  page,
}) => {
  await prepare(page, await freshToken(data, 'user'));
  await page.goto('/home');
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.getByRole('link', { name: 'My account' }), { max: 3 });
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();

  await page.keyboard.press('Space');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.locator('#user-menu').getByRole('link', { name: 'Log out' }), { max: 3 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/logout$/);
  await tabTo(page, page.getByRole('button', { name: 'Log out' }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
});

test('phone: the menu button opens the menu, Escape closes it and keeps focus', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await prepare(page, null);
  await page.goto('/home');
  const trigger = page.getByRole('button', { name: 'Menu', exact: true });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await tabTo(page, page.locator('#mobile-menu').getByRole('link', { name: 'Contact' }), { max: 6 });
  await page.keyboard.press('Escape');
  await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  await expect(trigger).toBeFocused();
  await expect(page.locator('#mobile-menu')).toHaveCount(0);
});

test('carousel: Next and Previous with Enter and Space, arrows inside it', async ({ page }) => {
  await prepare(page, null);
  await page.goto('/testimonial-carousel');
  const slide = (n: number) => page.getByRole('group', { name: `Page ${n} of 2` });
  await tabTo(page, page.getByRole('button', { name: /Next/ }));
  await page.keyboard.press('Enter');
  await expect(slide(2)).not.toHaveAttribute('aria-hidden', 'true');
  await page.keyboard.press('Space');
  await expect(slide(1)).not.toHaveAttribute('aria-hidden', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(slide(2)).not.toHaveAttribute('aria-hidden', 'true');
  await tabTo(page, page.getByRole('button', { name: /Previous/ }), { back: true, max: 3 });
  await page.keyboard.press('Enter');
  await expect(slide(1)).not.toHaveAttribute('aria-hidden', 'true');
  await expect(focused(page)).toHaveAccessibleName(/Previous/);
});
