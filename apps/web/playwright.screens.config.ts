import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Screenshots of the shell for visual review (not a test gate): `npm run build`, then
 * `E2E_PORT=8400 npx playwright test -c apps/web/playwright.screens.config.ts`. PNGs go to /tmp/shots
 * (or SHOTS_DIR). Same server and browser as the e2e suite, separate folder so the suite never runs it.
 */
export default defineConfig({
  ...base,
  testDir: './e2e-screens',
  timeout: 120_000,
});
