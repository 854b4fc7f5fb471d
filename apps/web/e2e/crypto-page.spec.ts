import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
// The API's own database opener (it runs the migrations), to record past prices before it starts.
import { openPglite } from '../../api/src/db/client';
import { startServer } from './exchange.helpers';
import { shot } from './support';
import { chartProfile, type Profile, slope } from './support/chart-pixels';

// /crypto/{ticker}. A fresh server has one price snapshot per asset, which cannot show a range
// switch, so the chart tests run on a server of our own whose database holds 30 days of hourly BTC
// prices with a known shape: rising over the last 24 h, falling over the 6 days before, and rising
// over the 23 days before that. Each range must draw its own part of that shape.

/** The static source's BTC price (the server records it again when it starts). */
const NOW_USD = 61_250;
const HOUR = 3_600_000;

function seededUsd(hoursAgo: number): number {
  if (hoursAgo <= 24) return NOW_USD - 3_000 * (hoursAgo / 24);
  if (hoursAgo <= 168) return NOW_USD - 3_000 + 11_000 * ((hoursAgo - 24) / 144);
  return NOW_USD + 8_000 - 18_000 * ((hoursAgo - 168) / 552);
}

let chartServer: { baseURL: string; stop: () => Promise<void> } | undefined;
let chartDataDir = '';

async function seedHistory(dataDir: string): Promise<void> {
  const database = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    const rows = Array.from({ length: 720 }, (_, i) => i + 1).map((h) => ({
      usd: seededUsd(h).toFixed(2),
      // On the hour, as the server keeps them past two days (thinSnapshots).
      at: new Date(hour - (h - 1) * HOUR).toISOString(),
    }));
    const values = rows.map(
      (_, i) => `('BTC', $${2 * i + 1}::numeric, $${2 * i + 2}::timestamptz, 'static')`,
    );
    await database.pglite?.query(
      `INSERT INTO price_snapshots (asset, usd, taken_at, source) VALUES ${values.join(', ')}`,
      rows.flatMap((r) => [r.usd, r.at]),
    );
  } finally {
    await database.close();
  }
}

test.describe('chart of recorded prices', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    chartDataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-e2e-chart-'));
    await seedHistory(chartDataDir);
    // The port after the shared server's, unless E2E_CHART_PORT says otherwise.
    const port = Number(process.env.E2E_CHART_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1);
    chartServer = await startServer(port, { DATA_DIR: chartDataDir });
  });
  test.afterAll(async () => {
    await chartServer?.stop();
    if (chartDataDir) rmSync(chartDataDir, { recursive: true, force: true });
  });

  const rangeButton = (page: Page, name: string, group = 'Period') =>
    page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
  const historyCall = (page: Page, hours: number) =>
    page.waitForResponse(
      (r) => r.url().includes('/api/prices/history?') && r.url().includes(`hours=${hours}`) && r.ok(),
      { timeout: 10_000 },
    );
  /** Waits until the chart shows a line that differs from `previous`, then returns it. */
  async function drawn(page: Page, previous?: Profile): Promise<Profile> {
    let profile: Profile | null = null;
    await expect
      .poll(
        async () => {
          profile = await chartProfile(page);
          if (!profile) return 'no chart canvas';
          if (profile.coverage < 0.7) return `line over ${Math.round(profile.coverage * 100)} % of the width`;
          if (previous && meanDistance(previous, profile) < 10) return 'same drawing as before';
          return 'drawn';
        },
        { timeout: 10_000 },
      )
      .toBe('drawn');
    return profile as unknown as Profile;
  }

  test('each range draws its own period of the price history', async ({ page }) => {
    const base = chartServer?.baseURL ?? '';
    await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
    const day = historyCall(page, 24);
    await page.goto(`${base}/crypto/BTC`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bitcoin (BTC)');
    const chart = page.getByRole('img', { name: 'Price chart of Bitcoin in US dollars' });
    await expect(chart).toBeVisible();
    const points24 = ((await (await day).json()) as { content: { points: unknown[] } }).content.points;
    expect(points24.length).toBeGreaterThanOrEqual(24);
    await expect(rangeButton(page, '24 h')).toHaveAttribute('aria-pressed', 'true');

    // Screen y grows downwards, so a rising price is a negative slope.
    const p24 = await drawn(page);
    expect(slope(p24), 'the last 24 h rise').toBeLessThan(-0.5);

    const week = historyCall(page, 168);
    await rangeButton(page, '7 days').click();
    const points7d = ((await (await week).json()) as { content: { points: unknown[] } }).content.points;
    expect(points7d.length).toBeGreaterThan(points24.length);
    await expect(rangeButton(page, '7 days')).toHaveAttribute('aria-pressed', 'true');
    await expect(rangeButton(page, '24 h')).toHaveAttribute('aria-pressed', 'false');
    const p7 = await drawn(page, p24);
    expect(slope(p7), 'over 7 days the price fell').toBeGreaterThan(0.2);

    const month = historyCall(page, 720);
    await rangeButton(page, '30 days').click();
    await month;
    await expect(rangeButton(page, '30 days')).toHaveAttribute('aria-pressed', 'true');
    const p30 = await drawn(page, p7);
    expect(slope(p30), 'over 30 days the price rose').toBeLessThan(-0.2);
    // Its peak (a week ago) lies well inside the drawing, not at an edge.
    const peakAt = p30.tops.indexOf(Math.min(...p30.tops.filter((y) => y >= 0))) / p30.tops.length;
    expect(peakAt).toBeGreaterThan(0.6);
    expect(peakAt).toBeLessThan(0.95);

    // Back to 24 h: the first drawing again (from the cache, no second request needed).
    await rangeButton(page, '24 h').click();
    await expect(rangeButton(page, '24 h')).toHaveAttribute('aria-pressed', 'true');
    const again = await drawn(page, p30);
    expect(meanDistance(again, p24)).toBeLessThan(5);
  });

  test('in French, the axes are labelled the French way', async ({ page }) => {
    const base = chartServer?.baseURL ?? '';
    await page.addInitScript(() => localStorage.setItem('lang', 'fr-fr'));
    await recordCanvasText(page);
    await page.goto(`${base}/crypto/BTC`);
    await expect(
      page.getByRole('img', { name: 'Graphique du prix de Bitcoin en dollars américains' }),
    ).toBeVisible();
    await rangeButton(page, '30 jours', 'Période').click();
    await expect(rangeButton(page, '30 jours', 'Période')).toHaveAttribute('aria-pressed', 'true');
    await drawn(page);
    const texts = await canvasTexts(page);
    // Prices such as "62 000,00" (a space groups thousands, a comma before the cents), never "62000.00".
    const prices = texts.filter((t) => /^\d[\d\s.,\u202f\u00a0]*[.,]\d{2}$/.test(t));
    expect(prices.length, texts.join(' | ')).toBeGreaterThan(2);
    for (const p of prices) expect(p).toMatch(/^\d{2}[\u202f\u00a0 ]\d{3},\d{2}$/);
    // The month on the time axis is named in French (e.g. "nov."), not in the browser's English.
    const months = (lang: string) => {
      const fmt = new Intl.DateTimeFormat(lang, { month: 'short', timeZone: 'UTC' });
      return [0, 15, 30].map((d) => fmt.format(new Date(Date.now() - d * 24 * HOUR)));
    };
    expect(
      texts.some((t) => months('fr-fr').includes(t)),
      texts.join(' | '),
    ).toBe(true);
    expect(texts.filter((t) => months('en-us').includes(t) && !months('fr-fr').includes(t))).toEqual([]);
  });

  test('screenshots of the chart, desktop and phone, light and dark', async ({ page }) => {
    const base = chartServer?.baseURL ?? '';
    for (const [name, size] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewportSize(size);
      await page.goto(`${base}/crypto/BTC`);
      await drawn(page);
      await shot(page, `crypto-page-btc-${name}`);
      await rangeButton(page, '30 days').click();
      await expect(rangeButton(page, '30 days')).toHaveAttribute('aria-pressed', 'true');
      await drawn(page);
      await shot(page, `crypto-page-btc-30d-${name}`);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${base}/crypto/BTC`);
    await drawn(page);
    await shot(page, 'crypto-page-btc-dark-phone');
  });
});

/** Records every text the page paints on a canvas (the chart's axis labels), from its first script. */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __canvasTexts: seen });
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, x, y, maxWidth) {
      seen.push(String(text));
      return maxWidth === undefined
        ? fillText.call(this, text, x, y)
        : fillText.call(this, text, x, y, maxWidth);
    };
  });
}
const canvasTexts = async (page: Page) => [
  ...new Set(await page.evaluate(() => (window as unknown as { __canvasTexts: string[] }).__canvasTexts)),
];

/** Mean vertical distance between two drawings over the columns where both have a line. */
function meanDistance(a: Profile, b: Profile): number {
  let sum = 0;
  let n = 0;
  const len = Math.min(a.tops.length, b.tops.length);
  for (let x = 0; x < len; x++) {
    const ya = a.tops[x] ?? -1;
    const yb = b.tops[x] ?? -1;
    if (ya < 0 || yb < 0) continue;
    sum += Math.abs(ya - yb);
    n++;
  }
  return n === 0 ? Number.POSITIVE_INFINITY : sum / n;
}

test.describe('unknown ticker', () => {
  test('says the asset is not supported and offers the way home', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
    await page.goto('/crypto/NOPE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asset not found');
    await expect(page.getByText('We do not support a crypto-currency with the ticker NOPE.')).toBeVisible();
    await expect(page.getByRole('img', { name: /Price chart/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '24 h' })).toHaveCount(0);
    await shot(page, 'crypto-page-unknown-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'crypto-page-unknown-phone');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a fiat ticker is not a crypto asset page either', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'en-us'));
    await page.goto('/crypto/USD');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Asset not found');
    await expect(page.getByText('We do not support a crypto-currency with the ticker USD.')).toBeVisible();
  });

  test('in French', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('lang', 'fr-fr'));
    await page.goto('/crypto/NOPE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Actif introuvable');
    await expect(
      page.getByText('Nous ne prenons pas en charge de cryptomonnaie avec le symbole NOPE.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
  });

  test('the price history API answers 404 with the spec message for it', async ({ request }) => {
    // spec-1 §5 Wallet lookups: "Wallet with ticker {ticker} not found" (404).
    const res = await request.get('/api/prices/history?ticker=NOPE&hours=24');
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { error: { error: string } }).error.error).toBe(
      'Wallet with ticker NOPE not found',
    );
  });
});
