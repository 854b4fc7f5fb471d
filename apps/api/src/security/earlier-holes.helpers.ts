import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { TestApp } from '../test/test-app';

/** A log destination that keeps every line (the app logs at `trace` in the holes test). */
export function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}

/** A wallet's amount for a signed-in user, as the API shows it. */
export async function balance(t: TestApp, token: string, ticker: string): Promise<string> {
  const res = await t.request({ method: 'GET', url: `/api/Wallets/wallet/ticker/${ticker}`, token });
  if (res.statusCode !== 200) throw new Error(`balance ${ticker}: ${res.body}`);
  return String(res.json().content.amount);
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/**
 * The real server entry (apps/api/src/server.ts) from the sources on loopback, with its own data
 * folder and the embedded database, whatever the test run's DATABASE_URL / REDIS_URL say.
 */
export function startServer(env: Record<string, string>) {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async ready(url: string, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
        const ok = await fetch(`${url}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`server not ready: ${output}`);
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
