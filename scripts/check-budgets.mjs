// `npm run check:budgets`: first-load JavaScript per route against apps/web/budgets.json.
//
// Method: the built app (WEB_DIST, default apps/web/dist) is served by the API on its own port with a
// fresh embedded database; each route is opened in a new Chromium context (empty cache), signed in
// first when the table says so (the token the API's login returns, put in localStorage as the app
// does). Every script response of that load is counted until the page settles (no new script for
// 1.5 s after `load`): the entry and its modulepreloads (which index.html starts after its first
// paint), the route's lazy chunks and what the page imports on mount. A file's size is its gzip
// (zlib's default level, as Vite reports) read from WEB_DIST, so the figure does not depend on how
// the server compresses.
// Packages inside each file come from its source map; `libraries` in the table lists the routes
// allowed to load a package, and any other route loading it fails the check.
//
// Options (environment): WEB_DIST, BUDGET_PORT (default 8372), BUDGET_JSON=<file> writes the figures.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, root, signIn, startAppServer } from './app-server.mjs';
import { findChromium } from './chromium.mjs';

const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const port = Number(process.env.BUDGET_PORT ?? 8372);
const table = JSON.parse(readFileSync(path.join(root, 'apps/web/budgets.json'), 'utf8'));
const kB = (bytes) => (bytes / 1000).toFixed(1);

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No built app in ${webDist}: run \`npm run build -w @vaultline/web\` first.`);
  process.exit(1);
}
const browserPath = findChromium()?.path;
if (!browserPath) {
  console.error('No Chromium found (see scripts/chromium.mjs).');
  process.exit(1);
}

const gzCache = new Map();
/** gzip size and packages of a file of the build, by URL path. */
function fileInfo(urlPath) {
  let hit = gzCache.get(urlPath);
  if (hit) return hit;
  const file = path.join(webDist, decodeURIComponent(urlPath));
  if (!file.startsWith(webDist) || !existsSync(file))
    throw new Error(`${urlPath} is not a file of ${webDist}`);
  const packages = new Set();
  if (existsSync(`${file}.map`)) {
    for (const src of JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? []) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(src);
      if (m?.[1]) packages.add(m[1]);
    }
  }
  hit = { gzip: gzipSync(readFileSync(file)).length, packages };
  gzCache.set(urlPath, hit);
  return hit;
}

/** Loads one route fresh and returns the scripts it fetched. */
async function measure(browser, origin, route) {
  const context = await browser.newContext({ baseURL: origin });
  if (route.as) {
    const token = await signIn(origin, route.as);
    await context.addInitScript((t) => {
      if (!localStorage.getItem('accesstoken')) localStorage.setItem('accesstoken', t);
    }, token);
  }
  const page = await context.newPage();
  const scripts = new Map();
  let last = Date.now();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === origin && (req.resourceType() === 'script' || url.pathname.endsWith('.js'))) {
      scripts.set(url.pathname, req.resourceType());
      last = Date.now();
    }
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(route.path, { waitUntil: 'load' });
  while (Date.now() - last < 1500) await page.waitForTimeout(250);
  const landed = new URL(page.url()).pathname;
  await context.close();
  if (landed !== route.path)
    throw new Error(`${route.path} ended on ${landed} (sign-in missing or refused?)`);
  if (errors.length) throw new Error(`${route.path}: page errors: ${errors.join('; ')}`);
  const files = [...scripts.keys()].map((p) => ({ path: p, ...fileInfo(p) })).sort((a, b) => b.gzip - a.gzip);
  return { files, total: files.reduce((s, f) => s + f.gzip, 0) };
}

const server = await startAppServer({ port, webDist });
const browser = await chromium.launch({ executablePath: browserPath, args: CHROMIUM_FLAGS });
const results = [];
const problems = [];
try {
  console.log(`First-load JS of ${webDist} (served by ${server.from}), kB gzipped:`);
  for (const route of table.routes) {
    const r = await measure(browser, server.origin, route);
    const loaded = new Set(r.files.flatMap((f) => [...f.packages]));
    const early = Object.entries(table.libraries ?? {})
      .filter(([pkg, allowed]) => loaded.has(pkg) && !allowed.includes(route.path))
      .map(([pkg]) => pkg);
    const over = r.total > route.budget * 1000;
    results.push({ path: route.path, as: route.as ?? null, kB: Number(kB(r.total)), files: r.files.length });
    const target = table.target?.[route.path];
    console.log(
      `${over || early.length ? 'FAIL' : 'ok  '} ${route.path.padEnd(28)} ${kB(r.total).padStart(6)} / ${route.budget}` +
        `${target ? ` (target ${target}${r.total <= target * 1000 ? ' met' : ' not met'})` : ''}  ${r.files.length} files` +
        `${early.length ? `  loads ${early.join(', ')} too early` : ''}`,
    );
    if (over || early.length || process.env.BUDGET_VERBOSE) {
      for (const f of r.files)
        console.log(`       ${kB(f.gzip).padStart(6)}  ${f.path}  ${[...f.packages].join(' ')}`);
    }
    if (over) problems.push(`${route.path}: ${kB(r.total)} kB > budget ${route.budget} kB`);
    if (early.length)
      problems.push(`${route.path} loads ${early.join(', ')} (not listed for it in libraries)`);
  }
} finally {
  await browser.close();
  await server.stop();
}
if (process.env.BUDGET_JSON) writeFileSync(process.env.BUDGET_JSON, `${JSON.stringify(results, null, 2)}\n`);
if (problems.length) {
  console.error(`\nFirst-load budget exceeded:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('\nEvery route within its first-load budget.');
