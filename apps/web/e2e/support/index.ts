import { expect, type Page } from '@playwright/test';
import { runAxe, settle } from './a11y';
import { secondStepAnswer } from './admin-factor';

export { shot } from './screenshot';

/**
 * Waits for the page itself (its h1), not only the shell: the footer shows while the page's code
 * loads, and the page arriving moves it down and scrolls to the top, which a click at that moment
 * would miss.
 */
export async function pageShown(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * Signs in through the login page: fields labelled "Email" and "Password", submitted with Enter
 * (spec-1 §2: the Enter key submits). Waits until the app stores the access token.
 */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('accesstoken')), { timeout: 10_000 })
    .not.toBeNull();
}

/**
 * Signs in by calling POST /api/Auth from the page (with the XSRF cookie echoed in the header) and
 * storing the token under `accesstoken`, as the app does. For tests that are not about the login
 * page. Reloads the current page so the app boots signed in.
 */
export async function signInViaApi(page: Page, email: string, password: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/home');
  const post = (url: string, body: unknown) =>
    page.evaluate(
      async ({ url, body }) => {
        const cookie = () => document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
        if (!cookie()) await fetch('/api/ping', { credentials: 'same-origin' });
        const xsrf = decodeURIComponent(cookie() ?? '');
        const res = await fetch(url, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { success: boolean; content?: { jwToken?: string } };
        return { status: res.status, success: json.success, content: json.content };
      },
      { url, body },
    );
  let result = await post('/api/Auth', { email, password });
  // An account with a factor (the flows server's demo admin): its passkey answers the second step.
  const answer = secondStepAnswer(new URL(page.url()).origin, result.content);
  if (answer) result = await post('/api/Auth/2fa', answer);
  const token = result.content?.jwToken;
  expect({ status: result.status, token: Boolean(token) }, `sign-in answered ${result.status}`).toEqual({
    status: 200,
    token: true,
  });
  await page.evaluate((t) => localStorage.setItem('accesstoken', t), token as string);
  await page.reload();
}

/**
 * Runs axe (WCAG 2.x A/AA rules) and fails on any serious or critical violation. Waits first for
 * transitions and notification fades to end: a card halfway through fading out has too little contrast.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await settle(page);
  // axe is put in the page once per document (a page checked in several states gets it once).
  const results = await runAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}
