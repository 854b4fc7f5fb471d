import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, expect, request } from '@playwright/test';
import { API_SERVER } from '../playwright.config';
import { signInOn } from './support/admin-factor';

/** An API client signed in as one user: bearer token plus the XSRF cookie echoed in the header. */
export interface ApiAs {
  ctx: APIRequestContext;
  get: <T>(url: string) => Promise<T>;
  post: <T>(url: string, data?: unknown) => Promise<T>;
  dispose: () => Promise<void>;
}

export async function apiAs(baseURL: string, email: string, password: string): Promise<ApiAs> {
  const ctx = await request.newContext({ baseURL });
  const xsrf = async () =>
    (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await signInOn(ctx, baseURL, email, password);
  const body = (await login.json()) as { content?: { jwToken: string } };
  expect(login.status(), `login ${email}`).toBe(200);
  const token = body.content?.jwToken ?? '';
  const unwrap = async <T>(res: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> => {
    const json = (await res.json()) as { success: boolean; content: T; error?: unknown };
    expect(res.status(), `${what}: ${JSON.stringify(json.error)}`).toBe(200);
    return json.content;
  };
  return {
    ctx,
    get: async <T>(url: string) =>
      unwrap<T>(
        await ctx.get(`/api/${url}`, { headers: { authorization: `Bearer ${token}` } }),
        `GET ${url}`,
      ),
    post: async <T>(url: string, data?: unknown) =>
      unwrap<T>(
        await ctx.post(`/api/${url}`, {
          ...(data === undefined ? {} : { data }),
          headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': await xsrf() },
        }),
        `POST ${url}`,
      ),
    dispose: () => ctx.dispose(),
  };
}

/**
 * A second built server of our own (port, fresh data dir, extra env) for behaviour the shared one
 * must not change, such as a 5 s lock lifetime. Returns its base URL and a stop function (ends only
 * this pid).
 */
const root = path.resolve(import.meta.dirname, '../../..');

export async function startServer(
  port: number,
  env: Record<string, string>,
): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [API_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'vaultline-e2e-exchange-')),
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/ping`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
