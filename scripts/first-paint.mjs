// `node scripts/first-paint.mjs /admin/pending-transactions admin`: loads one page of the built app
// (apps/web/dist, served as scripts/app-server.mjs does) five times in Debian's Chromium with the
// CPU slowed 4x and a slow connection (150 ms latency, 1.6 Mbit/s), like Lighthouse's mobile
// settings but in real time rather than simulated, and prints each load's largest contentful paint
// (time and element) and layout shifts (value and what moved). The second argument signs in first
// (admin or user). Options (environment): WEB_DIST, FIRST_PAINT_PORT (default 8390), RUNS (5).
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, signIn, startAppServer } from './app-server.mjs';
import { findChromium } from './chromium.mjs';

const [pagePath = '/home', as] = process.argv.slice(2);
const runs = Number(process.env.RUNS ?? 5);
const server = await startAppServer({
  port: Number(process.env.FIRST_PAINT_PORT ?? 8390),
  webDist: process.env.WEB_DIST ?? 'apps/web/dist',
});
const browser = await chromium.launch({ executablePath: findChromium()?.path, args: CHROMIUM_FLAGS });

/** Records LCP candidates and layout shifts from the start of the page (buffered observers). */
function observe() {
  const w = /** @type {any} */ (window);
  w.__paint = { lcp: null, shifts: [] };
  new PerformanceObserver((list) => {
    const e = /** @type {any} */ (list.getEntries().at(-1));
    w.__paint.lcp = [Math.round(e.startTime), e.element?.outerHTML.slice(0, 70) ?? ''];
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of /** @type {any[]} */ (list.getEntries())) {
      const moved = e.sources.map((s) => `${s.node?.nodeName}.${String(s.node?.className).slice(0, 40)}`);
      w.__paint.shifts.push([Math.round(e.startTime), Number(e.value.toFixed(4)), moved.join(' ')]);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const lcps = [];
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (as) {
      const token = await signIn(server.origin, as);
      await page.goto(`${server.origin}/api/ping`);
      await page.evaluate((t) => localStorage.setItem('accesstoken', t), token);
    }
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 200_000,
      uploadThroughput: 90_000,
    });
    await page.goto(server.origin + pagePath);
    await page.waitForTimeout(5000);
    const { lcp, shifts } = await page.evaluate(() => /** @type {any} */ (window).__paint);
    lcps.push(lcp?.[0] ?? Number.NaN);
    console.log(`run ${run}: LCP ${lcp?.[0]} ms ${lcp?.[1]}`);
    for (const [at, value, moved] of shifts) console.log(`       shift ${value} at ${at} ms: ${moved}`);
    await context.close();
  }
  const sorted = [...lcps].sort((a, b) => a - b);
  console.log(`${pagePath}: LCP median ${sorted[Math.floor(sorted.length / 2)]} ms over ${runs} loads`);
} finally {
  await browser.close();
  await server.stop();
}
