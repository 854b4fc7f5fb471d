import { expect, type Page, test } from '@playwright/test';

// Scroll restoration (layout/use-scroll-restoration.ts, decision 0023): a new page starts at the
// top, back and forward return to where each page was left, a reload keeps the position, and the
// skip link is left to the browser.
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Scrolls to `y`, again if content arriving above moved the page meanwhile (the browser's scroll
 * anchoring keeps what is on screen in place), until it stays there.
 */
async function scrollTo(page: Page, y: number) {
  await expect
    .poll(async () => {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(100);
      return scrollY(page);
    })
    .toBe(y);
}

test.describe('scroll restoration', () => {
  test('new pages start at the top; back, forward and reload return to the position left', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scrollTo(page, 1200);
    // Content arriving above (prices, partners) may still move the page (the browser's scroll
    // anchoring keeps what is on screen in place): compare with where it was when left.
    await page.waitForTimeout(1000);
    const homeLeftAt = await scrollY(page);

    await page.locator('header').getByRole('link', { name: 'AML policy' }).click();
    await expect(page).toHaveURL(/\/aml-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
    await scrollTo(page, 500);

    await page.goBack();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => scrollY(page)).toBe(homeLeftAt);

    await page.goForward();
    await expect(page).toHaveURL(/\/aml-policy$/);
    await expect.poll(() => scrollY(page)).toBe(500);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(500);

    // A link to a page already visited is a new visit: the top again.
    await page.locator('header').getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(/\/home$/);
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('the skip link moves focus to the main region and is not undone by the restoration', async ({
    page,
  }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/home#main$/);
    await expect(page.locator('main')).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
