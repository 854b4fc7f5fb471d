import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, request } from '@playwright/test';
import { E2E } from '../playwright.config';
import { signInViaApi } from './support';
import { signInOn } from './support/admin-factor';

/**
 * An API client signed in as one account that can also see refusals (exchange.helpers' ApiAs
 * expects every answer to be 200): status and envelope of each call.
 */
export interface Session {
  ctx: APIRequestContext;
  token: string;
  call: (method: 'GET' | 'POST', url: string, data?: unknown) => Promise<{ status: number; body: Envelope }>;
  dispose: () => Promise<void>;
}
export interface Envelope<T = unknown> {
  success: boolean;
  content: T;
  error?: { code: string; error: string } | null;
}

async function xsrfOf(ctx: APIRequestContext): Promise<string> {
  return (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

/** A visitor's context: the XSRF cookie, no token. */
export async function visitor(baseURL: string) {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/api/ping');
  return {
    ctx,
    post: async (url: string, data: unknown) =>
      ctx.post(`/api/${url}`, { data, headers: { 'x-xsrf-token': await xsrfOf(ctx) } }),
  };
}

export async function sessionOf(baseURL: string, email: string, password: string): Promise<Session> {
  const { ctx } = await visitor(baseURL);
  const login = await signInOn(ctx, baseURL, email, password);
  expect(login.status(), `login ${email}: ${await login.text()}`).toBe(200);
  const token = ((await login.json()) as Envelope<{ jwToken: string }>).content.jwToken;
  return {
    ctx,
    token,
    call: async (method, url, data) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (method === 'POST') headers['x-xsrf-token'] = await xsrfOf(ctx);
      const res =
        method === 'GET'
          ? await ctx.get(`/api/${url}`, { headers })
          : await ctx.post(`/api/${url}`, { headers, ...(data === undefined ? {} : { data }) });
      return { status: res.status(), body: (await res.json()) as Envelope };
    },
    dispose: () => ctx.dispose(),
  };
}

/** Signs a new account up (demo data has one user; this one can be deactivated freely). */
export async function signUp(
  baseURL: string,
  user: { firstName: string; lastName: string; email: string; password: string },
): Promise<void> {
  const { ctx, post } = await visitor(baseURL);
  const res = await post('Auth/signup', { ...user, birthDay: '1990-04-15' });
  expect(res.status(), await res.text()).toBe(200);
  await ctx.dispose();
}

/** A guest exchange BTC -> ETH straight through the API; returns its id. */
export async function createExchange(baseURL: string, email: string, amount: string): Promise<string> {
  const { ctx, post } = await visitor(baseURL);
  const list = (
    (await (await ctx.get('/api/Wallets/list')).json()) as Envelope<{ id: string; ticker: string }[]>
  ).content;
  const id = (t: string) => list.find((w) => w.ticker === t)?.id;
  const res = await post('PublicExchange/createExchange', {
    sourceWalletId: id('BTC'),
    destinationWalletId: id('ETH'),
    amount,
    userEmail: email,
    destinationWalletAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
  });
  const body = (await res.json()) as Envelope<{ id: string }>;
  expect(res.status(), JSON.stringify(body.error)).toBe(200);
  await ctx.dispose();
  return body.content.id;
}

/** The notification with this title and text (the shell's notification region). */
export const notice = (page: Page, title: string, text: string) =>
  page
    .getByRole('status', { name: 'Notifications' })
    .getByRole('article', { name: title, exact: true })
    .filter({ hasText: text });

export const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-admin';
const WIDTHS = { desktop: 1280, phone: 390 } as const;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Let notifications fade before the picture.
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The page as it is now in light and dark, at desktop and phone widths; back to light desktop. */
export async function screens(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of Object.entries(WIDTHS)) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `${name}-${scheme}-${label}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: WIDTHS.desktop, height: 900 });
}

/** One desktop picture of the page in another language. */
export async function languageShot(page: Page, lang: string, name: string): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.waitForLoadState('networkidle');
  await shot(page, `${name}-${lang}`);
}

/** Opens a back-office page, signing the demo admin in first on a new page. */
export async function openAdmin(page: Page, path: string): Promise<void> {
  if (page.url() === 'about:blank') await signInViaApi(page, E2E.adminEmail, E2E.adminPassword);
  await page.goto(path);
}

/**
 * Keeps each keystroke's time as the page saw it (a loaded machine may space the keys out, and the
 * test's own clock reads late): a debounce is checked against these, not against the typing's end.
 */
export async function recordKeyTimes(box: Locator): Promise<void> {
  await box.evaluate((el) => {
    const w = window as unknown as { keyTimes: number[] };
    w.keyTimes = [];
    el.addEventListener('input', () => w.keyTimes.push(Date.now()));
  });
}

/**
 * Every request in `sent` (times) waited 1.5 s (less a timer's slack) after the keystroke before it,
 * and there is one per pause in the typing, not one per key: one, unless the machine held a key back.
 */
export async function expectDebounced(page: Page, sent: number[], keyCount: number): Promise<void> {
  const keys = await page.evaluate(() => (window as unknown as { keyTimes: number[] }).keyTimes);
  expect(keys).toHaveLength(keyCount);
  const pauses = keys.slice(1).filter((k, i) => k - (keys[i] ?? k) >= 1400).length;
  expect(sent.length).toBeGreaterThanOrEqual(1);
  expect(sent.length).toBeLessThanOrEqual(1 + pauses);
  for (const at of sent) {
    const before = keys.filter((k) => k <= at);
    expect(at - (before[before.length - 1] ?? 0)).toBeGreaterThanOrEqual(1400);
  }
}
