import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { DEBIAN_CHROMIUM, findChromium } from '../../scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8181);
// The accessibility sweep (a11y-routes.spec.ts) runs before the other specs, against a server and
// database of its own, so neither sees the other's data. E2E_PORT + 1 is crypto-page.spec.ts's.
const a11yPort = Number(process.env.E2E_A11Y_PORT ?? port + 2);
const root = path.resolve(import.meta.dirname, '../..');
const newDataDir = () => mkdtempSync(path.join(os.tmpdir(), 'vaultline-e2e-'));
const dataDir = process.env.E2E_DATA_DIR ?? newDataDir();
const a11yDataDir = newDataDir();
const A11Y_SPEC = /a11y-routes\.spec\.ts$/;
// The flows server's demo admin adds a passkey before its specs run (e2e/support/admin-factor.ts).
const SETUP = /admin-factor\.setup\.ts$/;

/** The built API server (apps/api/dist), relative to the repository's root. */
export const API_SERVER = 'apps/api/dist/server.js';

export const E2E = {
  /** The flows project's server (the specs that start a server of their own have their own URL). */
  baseURL: `http://127.0.0.1:${port}`,
  adminEmail: 'admin@e2e.vaultline.test',
  adminPassword: 'e2e-admin-password-1',
  userEmail: 'user@e2e.vaultline.test',
  userPassword: 'e2e-user-password-1',
};

// Debian's headless shell, or its Chromium (never a downloaded browser), with the flags that keep it
// off the network.
export default defineConfig({
  testDir: './e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(os.tmpdir(), 'vaultline-e2e-results'),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker per project: the specs of a project share its server's data and run one at a time.
  workers: 2,
  projects: [
    { name: 'admin-factor', testMatch: SETUP, use: { baseURL: `http://127.0.0.1:${port}` } },
    {
      name: 'flows',
      testIgnore: [A11Y_SPEC, SETUP],
      dependencies: ['admin-factor'],
      workers: 1,
      use: { baseURL: `http://127.0.0.1:${port}` },
    },
    // Playwright runs a project after every project it depends on (its phases): the sweep depends on
    // nothing, so it runs first (beside the set-up) and the flows after it. Side by side (both in one
    // phase) they gained little on a 2-core machine already busy with one, and each test ran 1.5
    // times slower (docs/performance.md, sixth pass).
    { name: 'a11y', testMatch: A11Y_SPEC, workers: 1, use: { baseURL: `http://127.0.0.1:${a11yPort}` } },
  ],
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: findChromium({ headlessShell: true })?.path ?? DEBIAN_CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // The sweep's server gives 5-minute access tokens: the sweep signs in per page, so its length (on a
  // loaded machine, well past the usual 15 minutes) can never outlive a token.
  webServer: [
    apiServer(port, dataDir, { CHAIN_POLL_MS: '1000' }),
    apiServer(a11yPort, a11yDataDir, { ACCESS_TOKEN_TTL_SECONDS: '300' }),
  ],
});

/**
 * The built app served by the built API (`npm run build` makes both; `npm run test:e2e` runs it
 * first), with the demo accounts below, on its own port and data dir. The built server is what
 * production runs, and it answers in a third of the time the TypeScript sources take to load.
 */
function apiServer(serverPort: number, serverDataDir: string, extraEnv: Record<string, string> = {}) {
  return {
    command: `node ${API_SERVER}`,
    cwd: root,
    url: `http://127.0.0.1:${serverPort}/api/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: serverDataDir,
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
      DEMO_ADMIN_EMAIL: E2E.adminEmail,
      DEMO_ADMIN_PASSWORD: E2E.adminPassword,
      DEMO_USER_EMAIL: E2E.userEmail,
      DEMO_USER_PASSWORD: E2E.userPassword,
      AUTH_RATE_LIMIT_MAX: '200',
      // Every spec's guest calls come from 127.0.0.1; the API tests check the limit itself.
      GUEST_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      // The demo chains mine a block a second: the flows' server reads them every second, so each
      // confirmation shows; the sweep's reads them at the default pace (each pass costs CPU).
      // partner.spec.ts adds a webhook endpoint on 127.0.0.1 (refused outside tests: public addresses only).
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      // Passkeys are bound to a host name (an IP address cannot be a WebAuthn relying party):
      // two-factor-passkey.spec.ts opens the app on localhost.
      PUBLIC_URL: `http://localhost:${serverPort}`,
      // withdrawals-flow.spec.ts makes a SEPA file of EUR withdrawals (an example debtor account).
      SEPA_DEBTOR_NAME: 'Vaultline E2E',
      SEPA_DEBTOR_IBAN: 'DE89370400440532013000',
      SEPA_DEBTOR_BIC: 'COBADEFFXXX',
      ...extraEnv,
    },
  };
}
