import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const servers = Array.isArray(base.webServer) ? base.webServer : [];
export default defineConfig({
  ...base,
  webServer: servers.slice(0, Number(process.env.PW_SERVERS ?? 1)).map((s) => ({ ...s, timeout: 240_000 })),
});
