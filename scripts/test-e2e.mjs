// `npm run test:e2e`: find Chromium, Debian's headless shell first (installing Debian's packages when
// the machine can), build the app, then run the Playwright browser tests. Without a Chromium it stops
// here with one line saying what to run, instead of failing every browser test. Extra arguments go
// to Playwright.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = ensureChromium({ headlessShell: true });
if (!chromium.path) {
  console.error(chromium.error);
  process.exit(1);
}
console.log(`Browser tests use ${chromium.path} (${chromium.from}).`);
const env = { ...process.env, CHROMIUM_PATH: chromium.path };
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build']);
run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...process.argv.slice(2)]);
