import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { weakFieldBoundaries } from './visual-checks';

/** WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices (landmarks, heading order, region...). */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Waits until no finite CSS animation or transition is running (a colour halfway through a
 * transition would be measured by the contrast rule) and every notification has faded fully in or
 * out (they start fading in 50 ms after they are raised). Spinners (infinite) are ignored.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some(
        (a) =>
          a.playState === 'running' &&
          (a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY) !== Number.POSITIVE_INFINITY,
      );
    const notices = [...document.querySelectorAll('[aria-label="Notifications"] article')];
    return !moving && notices.every((n) => getComputedStyle(n).opacity === '1');
  });
}

/** axe-core's own bundle, read once: the builder would send it again on every check. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe with these tags. In a page without frames, axe is put in the page once per document and run
 * there (a page checked in two themes and several states gets it once); with frames, the builder,
 * which checks each frame too.
 */
export async function runAxe(page: Page, tags: string[] = A11Y_TAGS): Promise<AxeResults> {
  if ((await page.locator('iframe').count()) > 0) return new AxeBuilder({ page }).withTags(tags).analyze();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
      }),
    tags,
  );
}

/**
 * Runs axe with every A/AA rule of WCAG 2.2 and the best practices and fails on any violation, of
 * any impact (stricter than expectNoSeriousA11yViolations), then checks that form fields stand out
 * from the page (3:1). `label` names the page in the message.
 * A soft assertion: the test goes on to check its other states and fails at its end.
 */
export async function expectNoA11yViolations(page: Page, label: string): Promise<void> {
  await settle(page);
  const results = await runAxe(page);
  // A11Y_DEBUG_INCOMPLETE=1 lists what axe could not decide (gradients, overlaps) for a human to check.
  if (process.env.A11Y_DEBUG_INCOMPLETE)
    for (const v of results.incomplete)
      for (const n of v.nodes)
        console.log(
          `INCOMPLETE ${label} | ${v.id} | ${n.target.join(' ')} | ${n.any.map((a) => a.message).join('; ')}`,
        );
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => `${n.target.join(' ')}  ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
        .join('\n  ')}`,
  );
  expect.soft(summary, `${label}\n${summary.join('\n')}`).toEqual([]);
  // Not an axe rule: form-field boundaries need 3:1 against their surroundings (1.4.11).
  const fields = await weakFieldBoundaries(page);
  expect.soft(fields, `${label}: form fields with a boundary under 3:1`).toEqual([]);
}
