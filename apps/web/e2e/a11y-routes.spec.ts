import { expect, type Page, test } from '@playwright/test';
import { type A11yData, createA11yData, freshToken, prepare } from './a11y.fixtures';
import { CASES, type Case } from './a11y-routes.cases';
import { expectNoA11yViolations } from './support/a11y';
import { weakFocusIndicatorsByTheme } from './support/keyboard';

// Every route of spec-1 §2 and spec-2 §2 as a guest, a user, a premium user or the admin, in light
// and dark (switched in the loaded page, as the app does), some also at a phone width: axe with the
// WCAG 2.2 A/AA rules and the best practices must find nothing, whatever the impact. Pages are
// checked once their content shows (not the spinner); a few also with a menu, a row or a dialog open.
// Each page is also walked with Tab from the top: every element that takes focus must show it.

let data: A11yData;

test.beforeAll(async ({ baseURL }) => {
  data = await createA11yData(baseURL ?? '');
});
test.afterAll(async () => {
  await data?.dispose();
});

/**
 * The page's content: no call to the API still running (a list that arrives after the check would
 * not be checked), an h1, no spinner in the main region, the case's own sign. Conditions only, never
 * a fixed wait: a loaded machine makes them slower, not different.
 */
async function ready(page: Page, c: Case, calls: () => number): Promise<void> {
  await expect.poll(calls, { message: 'API calls still running' }).toBe(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .animate-spin')).toHaveCount(0);
  await c.ready?.(page);
  await expect.poll(calls, { message: 'API calls still running' }).toBe(0);
}

/**
 * Switches the theme as the app does when another tab changes it (the stored choice, then the
 * storage event its theme module listens to): the page stays loaded, its state kept, and the
 * header's toggle follows.
 */
async function setTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => {
    localStorage.setItem('dark', String(d));
    window.dispatchEvent(new StorageEvent('storage', { key: 'dark', newValue: String(d) }));
  }, dark);
  await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(page.getByRole('button', { name: 'Dark mode' }).first()).toHaveAttribute(
    'aria-pressed',
    String(dark),
  );
}

/** The calls to the API under way (the live feed's socket is not one). */
function apiCalls(page: Page): () => number {
  const open = new Set<object>();
  const api = (r: { url: () => string }) => new URL(r.url()).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (api(r)) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return () => open.size;
}

const THEMES = [false, true] as const;
const themeName = (dark: boolean) => (dark ? 'dark' : 'light');

for (const [name, c] of Object.entries(CASES)) {
  test(`${name}: no axe violation, light and dark${c.phone ? ', desktop and phone' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // Signed in now: a token taken before the sweep would lapse before its last pages.
    await prepare(page, c.as === 'guest' ? null : await freshToken(data, c.as));
    const calls = apiCalls(page);
    const widths = c.phone ? [1280, 390] : [1280];
    // One load per width: the page, then each state, is checked in the light theme and in the dark
    // one without loading it again.
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const at = (dark: boolean) => `${name} as ${c.as}, ${themeName(dark)}, ${width}px`;
      await page.goto(await c.path(data));
      await ready(page, c, calls);
      for (const dark of THEMES) {
        await setTheme(page, dark);
        await expectNoA11yViolations(page, at(dark));
      }
      // Every element Tab reaches shows its focus (2.4.7) at 3:1 (1.4.11), in both themes.
      const weak = await weakFocusIndicatorsByTheme(page);
      for (const dark of THEMES)
        expect.soft(weak[themeName(dark)], `${at(dark)}: focus indicators under 3:1`).toEqual([]);
      // The states below start from the top of the page, as a visitor opening them would (an
      // open phone menu covers the footer the walk scrolled to).
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      for (const [state, act] of c.states ?? []) {
        await act(page);
        await expect.poll(calls, { message: 'API calls still running' }).toBe(0);
        for (const dark of THEMES) {
          await setTheme(page, dark);
          await expectNoA11yViolations(page, `${at(dark)}, ${state}`);
        }
      }
      await setTheme(page, false);
    }
  });
}
