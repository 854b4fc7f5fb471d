import { expect, type Page, test } from '@playwright/test';
import { E2E } from '../playwright.config';

// The sign-in form must keep what is typed into it from its first paint on: an e-mail typed right
// after the page showed, or filled by a password manager the moment the field appears, stays in the same field and is what the form sends. Moments are counted in
// animation frames after the field first appears (conditions, not sleeps), so a loaded machine
// changes when they fall, never what is checked.

const EMAIL = 'input[autocomplete="username"]';

/** Resolves `frames` animation frames after the call (0: at once). */
const afterFrames = (page: Page, frames: number) =>
  page.evaluate(
    (n) =>
      new Promise<void>((done) => {
        const step = (left: number) => (left <= 0 ? done() : requestAnimationFrame(() => step(left - 1)));
        step(n);
      }),
    frames,
  );

/** The page done with its start: every script loaded, fonts in, the network quiet, two frames painted. */
async function started(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await afterFrames(page, 2);
}

/** The e-mail field is still the one that was filled, with its value, and signing in uses it. */
async function expectKeptAndSignIn(page: Page): Promise<void> {
  await started(page);
  const field = page.locator(EMAIL);
  await expect(field).toHaveValue(E2E.userEmail);
  expect(
    await field.evaluate((el) => el.dataset.filledEarly ?? null),
    'the same field (not mounted again)',
  ).toBe('yes');
  await page.getByLabel('Password', { exact: true }).fill(E2E.userPassword);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accesstoken'))).not.toBeNull();
}

for (const frames of [0, 1, 3, 10, 20]) {
  test(`an e-mail typed ${frames} frame(s) after the sign-in form appears is kept and sent`, async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.locator(EMAIL);
    await field.waitFor({ state: 'attached' });
    await afterFrames(page, frames);
    await field.evaluate((el) => {
      el.dataset.filledEarly = 'yes';
    });
    await field.pressSequentially(E2E.userEmail);
    await expectKeptAndSignIn(page);
  });
}

test('a password manager filling the e-mail the moment the field appears keeps it', async ({ page }) => {
  await page.addInitScript(
    ({ selector, email }) => {
      localStorage.setItem('lang', 'en-us');
      let done = false;
      // As a password manager does when a form shows up: the value set on the element, then an
      // input event.
      new MutationObserver(() => {
        const el = document.querySelector<HTMLInputElement>(selector);
        if (!el || done) return;
        done = true;
        el.dataset.filledEarly = 'yes';
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(el, email);
        el.dispatchEvent(new Event('input', { bubbles: true }));
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }).observe(document, { childList: true, subtree: true });
    },
    { selector: EMAIL, email: E2E.userEmail },
  );
  await page.goto('/login');
  await expect(page.locator(EMAIL)).toHaveAttribute('data-filled-early', 'yes');
  await expectKeptAndSignIn(page);
});

// The page's code held back by the test (0 to 300 ms) so that it arrives before, while and after the
// app first renders the route: the form typed into at once is the one that stays. Routing turns the
// browser's cache off, so every load fetches the code again and is held.
test('the sign-in form is mounted once, however late its code arrives', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
  let hold = 0;
  await page.route(/\/assets\/login-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, hold));
    await route.continue();
  });
  for (const ms of [0, 25, 50, 100, 150, 200, 300]) {
    hold = ms;
    await page.goto('/login', { waitUntil: 'commit' });
    const field = page.locator(EMAIL);
    await field.waitFor({ state: 'attached' });
    await field.evaluate((el) => {
      el.dataset.filledEarly = 'yes';
    });
    await field.pressSequentially(E2E.userEmail);
    await started(page);
    await expect(field, `code held ${ms} ms`).toHaveValue(E2E.userEmail);
    expect(
      await field.evaluate((el) => el.dataset.filledEarly ?? null),
      `code held ${ms} ms: the same field`,
    ).toBe('yes');
  }
});

/** A gate for the requests matching `pattern`: each waits until `open()` (then all go on). */
async function holdBack(page: Page, pattern: RegExp) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  let held = 0;
  await page.route(pattern, async (route) => {
    held++;
    await opened;
    await route.continue();
  });
  return { open, held: () => held };
}

/** Marks the e-mail field the moment it appears and types into it at once. */
async function typeAtOnce(page: Page): Promise<void> {
  const field = page.locator(EMAIL);
  await field.waitFor({ state: 'attached' });
  await field.evaluate((el) => {
    el.dataset.filledEarly = 'yes';
  });
  await field.pressSequentially(E2E.userEmail);
}

// The page's code held until boot has loaded the translations (its last step), then let go: the
// router's first render meets the page's React.lazy and React waits for the code (the path where the
// page is first shown through React.lazy, routes.tsx). What is typed at once stays.
test('the sign-in form keeps its input when its code arrives only as the router first renders', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
  const code = await holdBack(page, /\/assets\/login-[^/]*\.js$/);
  const texts = page.waitForResponse(/\/i18n\/en-us\.json$/);
  await page.goto('/login', { waitUntil: 'commit' });
  await texts;
  code.open();
  await typeAtOnce(page);
  await expectKeptAndSignIn(page);
});

// Everything the page asks the API after its first paint (the public settings) answered only once
// the e-mail is typed: those answers re-render the shell, never the form.
test('answers arriving after the first paint leave the typed e-mail in the same field', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
  const api = await holdBack(page, /\/api\/settings$/);
  await page.goto('/login', { waitUntil: 'commit' });
  await typeAtOnce(page);
  expect(api.held(), 'the settings call was held until now').toBeGreaterThan(0);
  api.open();
  await expectKeptAndSignIn(page);
});

// Reached through the shell: from /home, the account menu's "Log in" while the login page's code is
// held, let go once the navigation waits for it (the home page stays until then, a transition).
test('the sign-in form reached from the home page keeps what is typed at once', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
  await page.goto('/home');
  await expect(page.locator('main h1').first()).toBeVisible();
  const code = await holdBack(page, /\/assets\/login-[^/]*\.js$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect.poll(() => code.held(), 'the login page code was asked for').toBeGreaterThan(0);
  code.open();
  await typeAtOnce(page);
  await expectKeptAndSignIn(page);
});
