import { expect, type Locator, type Page, test } from '@playwright/test';
import { prepare } from './a11y.fixtures';

// prefers-reduced-motion: reduce (WCAG 2.3.3): the dropdowns, the phone menu, the notifications and
// the carousel neither slide nor fade; their transitions and animations last no more than 0.01 s.
// The same measures without the preference find the real durations, so the check can fail.

/** The longest transition or animation of an element, in seconds, from its computed style. */
const longestMotion = (el: Locator) =>
  el.evaluate((node) => {
    const s = getComputedStyle(node);
    const seconds = (list: string) =>
      list
        .split(',')
        .map((v) => (v.trim().endsWith('ms') ? Number.parseFloat(v) / 1000 : Number.parseFloat(v)));
    const names = s.animationName.split(',').map((n) => n.trim());
    const animations = seconds(s.animationDuration).filter((_, i) => (names[i] ?? names[0]) !== 'none');
    return Math.max(0, ...seconds(s.transitionDuration), ...animations);
  });

async function accountMenu(page: Page): Promise<Locator> {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.locator('#user-menu');
}

async function phoneMenu(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/home');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  return page.locator('#mobile-menu');
}

async function notification(page: Page): Promise<Locator> {
  await page.goto('/home');
  // A guest's Convert says it goes on to the manual deposit (an Info notification).
  await page.getByLabel('Amount you give').fill('0.05');
  await page.getByRole('button', { name: 'Convert' }).click();
  const card = page.getByRole('status', { name: 'Notifications' }).getByRole('article').first();
  await expect(card).toBeVisible();
  return card;
}

async function carousel(page: Page): Promise<Locator> {
  await page.goto('/testimonial-carousel');
  return page.getByTestId('carousel-track');
}

const PARTS: Array<[string, (page: Page) => Promise<Locator>, number]> = [
  // [what, how to show it, its duration without the preference]
  ['account dropdown', accountMenu, 0.2],
  ['phone menu', phoneMenu, 0.2],
  ['notification', notification, 0.3],
  ['testimonial carousel', carousel, 0.5],
];

test.describe('prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' });
  for (const [name, show] of PARTS) {
    test(`${name}: no transition or animation over 0.01 s`, async ({ page }) => {
      await prepare(page, null);
      const el = await show(page);
      expect(await longestMotion(el)).toBeLessThanOrEqual(0.01);
      // Nothing else on the page moves for longer either (spinners excepted: they keep turning).
      const moving = await page.evaluate(() =>
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => ({
            what: a instanceof CSSTransition ? a.transitionProperty : (a as CSSAnimation).animationName,
            ms: Number(a.effect?.getComputedTiming().duration ?? 0),
          }))
          .filter((a) => a.ms > 10),
      );
      expect(moving).toEqual([]);
    });
  }
});

test.describe('without the preference', () => {
  test.use({ reducedMotion: 'no-preference' });
  for (const [name, show, seconds] of PARTS) {
    test(`${name}: moves for ${seconds} s`, async ({ page }) => {
      await prepare(page, null);
      const el = await show(page);
      expect(await longestMotion(el)).toBeCloseTo(seconds, 2);
    });
  }
});
