import { expect, type Locator, type Page } from '@playwright/test';
import { focusReport, install, type Tools } from './visual-checks';

/** WCAG 1.4.11: a focus indicator needs 3:1 against what is behind it. */
export const FOCUS_CONTRAST = 3;

/** Fails unless the focused element shows a focus indicator of 3:1 or more. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const r = await focusReport(page);
  expect(r, 'something has focus').not.toBeNull();
  if (!r) return;
  expect(
    r.contrast,
    `focus indicator of ${r.element} (outline ${r.outline}; shadow ${r.shadow})`,
  ).toBeGreaterThanOrEqual(FOCUS_CONTRAST);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking on the way that every element
 * that receives focus shows it. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  // One visible target (strict), before any key is pressed.
  await expect(target).toBeVisible();
  for (let i = 0; i < (opts.max ?? 60); i++) {
    await page.keyboard.press(key);
    // Nothing focused, or a region the page focused itself (tabindex -1, never a Tab stop).
    const tabStop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return !!el && el !== document.body && el.tabIndex >= 0;
    });
    if (!tabStop) continue;
    await expectFocusVisible(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

/** Moves a focused native select with the arrow keys until the option `label` is chosen. */
export async function chooseWithArrows(page: Page, select: Locator, label: string): Promise<void> {
  await expect(select).toBeFocused();
  const labels = await select.locator('option').allTextContents();
  const want = labels.indexOf(label);
  expect(want, `${label} is offered`).toBeGreaterThanOrEqual(0);
  const now = labels.indexOf((await select.locator('option:checked').textContent()) ?? '');
  const key = want > now ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(want - now); i++) await page.keyboard.press(key);
  await expect(select.locator('option:checked')).toHaveText(label);
}

/**
 * Tabs `presses` times forward, then as many backward, inside an open modal: focus must stay in
 * it and be visible each time.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator, presses = 12): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((d) => d.contains(document.activeElement));
      expect(inside, `${key} #${i + 1} keeps focus in the dialog`).toBe(true);
      await expectFocusVisible(page);
    }
  }
}

/**
 * Tabs through the whole page from the top, checking every element that takes focus; returns the
 * elements whose indicator is under 3:1 (empty when all are fine).
 */
export async function weakFocusIndicators(page: Page, max = 150): Promise<string[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const weak: string[] = [];
  let seen = 0;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const r = await focusReport(page);
    // Past the last element focus leaves the document.
    if (r === null) {
      if (seen > 0) break;
      continue;
    }
    seen++;
    if (r.contrast < FOCUS_CONTRAST)
      weak.push(`${r.element}: ${r.contrast.toFixed(2)} (outline ${r.outline}; shadow ${r.shadow})`);
  }
  return weak;
}

/** What the whole-page Tab walk found in each theme. */
export interface FocusByTheme {
  light: string[];
  dark: string[];
}

/**
 * The walk of weakFocusIndicators, once for both themes: at each element Tab reaches, its indicator
 * is measured in the light theme and in the dark one (the `dark` class switched on the root, as the
 * app does). Transitions are turned off meanwhile, so each colour is read as it settles, without
 * waiting for a fade; they are turned back on at the end. Returns the weak elements per theme.
 */
export async function weakFocusIndicatorsByTheme(page: Page, max = 150): Promise<FocusByTheme> {
  await install(page);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const style = document.createElement('style');
    style.id = 'a11y-no-transitions';
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.head.append(style);
  });
  const weak: FocusByTheme = { light: [], dark: [] };
  try {
    let seen = 0;
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const r = await page.evaluate((limit) => {
        const t = (window as unknown as { __a11yColours: Tools }).__a11yColours;
        const el = document.activeElement;
        if (!el || el === document.body) return null;
        const root = document.documentElement;
        const wasDark = root.classList.contains('dark');
        const out: Record<'light' | 'dark', string | null> = { light: null, dark: null };
        for (const dark of [false, true]) {
          root.classList.toggle('dark', dark);
          root.style.colorScheme = dark ? 'dark' : 'light';
          const s = getComputedStyle(el);
          const colours: string[] = [];
          if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1)
            colours.push(s.outlineColor);
          colours.push(...t.ringColours(s.boxShadow));
          const behind = t.backdrops(Number.parseFloat(s.outlineOffset) < 0 ? el : el.parentElement);
          const best = Math.max(
            0,
            ...colours.map((c) => Math.min(...behind.map((b) => t.contrast(t.paint(c, b), b)))),
          );
          if (best < limit)
            out[dark ? 'dark' : 'light'] =
              `${t.describe(el)}: ${best.toFixed(2)} (outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}; shadow ${s.boxShadow})`;
        }
        root.classList.toggle('dark', wasDark);
        root.style.colorScheme = wasDark ? 'dark' : 'light';
        return out;
      }, FOCUS_CONTRAST);
      // Past the last element focus leaves the document.
      if (r === null) {
        if (seen > 0) break;
        continue;
      }
      seen++;
      if (r.light) weak.light.push(r.light);
      if (r.dark) weak.dark.push(r.dark);
    }
  } finally {
    await page.evaluate(() => document.getElementById('a11y-no-transitions')?.remove());
  }
  return weak;
}
