// The built product on a port of its own, for the measuring scripts (check-budgets, lighthouse):
// the API serving a built web app (WEB_DIST) with a fresh embedded database, and a way to sign in as
// the demo accounts. The compiled API (apps/api/dist/server.js, what `npm start` runs) is used when it
// exists, the sources through tsx otherwise; APP_SERVER=src|dist chooses.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const ACCOUNTS = {
  admin: { email: 'admin@measure.vaultline.test', password: 'measure-admin-password-1' },
  user: { email: 'user@measure.vaultline.test', password: 'measure-user-password-1' },
};

/** Chromium flags that keep the browser off the network (the machine has no internet). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts the API on `port` serving `webDist`; resolves once /api/ping answers. `stop()` ends the
 * process and removes the data dir.
 */
export async function startAppServer({ port, webDist }) {
  const compiled = path.join(root, 'apps/api/dist/server.js');
  const useDist = process.env.APP_SERVER ? process.env.APP_SERVER === 'dist' : existsSync(compiled);
  const args = useDist ? [compiled] : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-measure-'));
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST: path.resolve(webDist),
      DEMO_ADMIN_EMAIL: ACCOUNTS.admin.email,
      DEMO_ADMIN_PASSWORD: ACCOUNTS.admin.password,
      DEMO_USER_EMAIL: ACCOUNTS.user.email,
      DEMO_USER_PASSWORD: ACCOUNTS.user.password,
      AUTH_RATE_LIMIT_MAX: '200',
      LOG_LEVEL: 'warn',
    },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the API exited before answering on ${origin}`);
    try {
      if ((await fetch(`${origin}/api/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the API did not answer on ${origin} within 90 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    origin,
    from: useDist ? 'apps/api/dist/server.js' : 'apps/api/src/server.ts (tsx)',
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Signs in through the API as a browser does (XSRF cookie from a first answer, then POST /api/Auth
 * with the header) and returns the access token the app keeps in localStorage under `accesstoken`.
 */
export async function signIn(origin, who) {
  const account = ACCOUNTS[who];
  if (!account) throw new Error(`unknown account ${who}`);
  const ping = await fetch(`${origin}/api/ping`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(ping.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie from /api/ping');
  const res = await fetch(`${origin}/api/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify(account),
  });
  const body = await res.json();
  if (!res.ok || !body?.content?.jwToken)
    throw new Error(`sign-in as ${who}: ${res.status} ${JSON.stringify(body)}`);
  return body.content.jwToken;
}
