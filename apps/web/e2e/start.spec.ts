import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// `npm start` as a newcomer runs it: embedded database in a fresh folder, demo data, one port.
const root = path.resolve(import.meta.dirname, '../../..');
const port = Number(process.env.E2E_START_PORT ?? 8190);

function start(dataDir: string): { proc: ChildProcess; output: () => string } {
  let out = '';
  const proc = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_ADMIN_PASSWORD: '',
      DEMO_USER_PASSWORD: '',
      LOG_LEVEL: 'warn',
    },
    detached: true,
  });
  proc.stdout?.on('data', (d) => {
    out += String(d);
  });
  proc.stderr?.on('data', (d) => {
    out += String(d);
  });
  return { proc, output: () => out };
}

/**
 * SIGTERM to the whole session, as a terminal's Ctrl-C or a service manager does; resolves when
 * none of it is left, nor the demo chains it started (in a process group of their own, stopped by
 * the server last, after they write their state into the data directory).
 */
async function stop(proc: ChildProcess, dataDir: string, output: () => string) {
  if (proc.pid === undefined || proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  process.kill(-proc.pid, 'SIGTERM');
  await exited;
  // npm itself ends at once; the server ends once its work is done and the chains have stopped.
  await expect.poll(() => [...processesOf(proc), ...chainsOf(dataDir)], { timeout: 60_000 }).toEqual([]);
  // It ended by its own close (the page still open on it), not by its deadline.
  expect(output()).not.toContain('shutdown did not end');
}

/** The demo chains running on a data directory (their state file is in it). */
function chainsOf(dataDir: string): string[] {
  const r = spawnSync('ps', ['-eo', 'args='], { encoding: 'utf8' });
  return r.stdout
    .split('\n')
    .filter((l) => (l.includes('anvil') || l.includes('litecoind')) && l.includes(dataDir));
}

/** The command lines of the processes `npm start` runs (detached: its own session). */
function processesOf(proc: ChildProcess): string[] {
  // ps exits 1 when the session has no process left.
  const r = spawnSync('ps', ['-o', 'args=', '--sid', String(proc.pid)], { encoding: 'utf8' });
  return r.stdout.split('\n').filter(Boolean);
}

const litecoindInstalled = spawnSync('sh', ['-c', 'command -v litecoind']).status === 0;

async function waitForPing(timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ping`);
      if (res.ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('server did not answer /api/ping in time');
}

test('npm start serves the API and the app on one port, seeds once and prints the demo accounts', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-start-'));
  try {
    const first = start(dataDir);
    try {
      await waitForPing();
      const ping = await (await fetch(`http://127.0.0.1:${port}/api/ping`)).json();
      expect(ping).toMatchObject({ success: true, content: { status: 'ok' } });
      await page.goto(`http://127.0.0.1:${port}/home`);
      await expect(page).toHaveTitle(/Vaultline/);
      await expect(page.locator('header')).toBeVisible();
      await expect.poll(first.output).toMatch(/admin@demo\.vaultline\.test\s+password: \S{8,}/);
      // The demo chains: LTC on a local litecoind when it is installed, or the line saying how to get it.
      await expect
        .poll(first.output, { timeout: 60_000 })
        .toMatch(
          litecoindInstalled
            ? /Demo chains: .*LTC at http:\/\/127\.0\.0\.1:\d+/
            : /apt-get install litecoind/,
        );
      // Production runs the compiled API, not TypeScript through a loader.
      const running = processesOf(first.proc);
      expect(running.some((args) => args.includes('apps/api/dist/server.js'))).toBe(true);
      expect(running.filter((args) => args.includes('tsx'))).toEqual([]);
    } finally {
      await stop(first.proc, dataDir, first.output);
    }
    const firstPasswords = first.output().match(/password: (\S+)/g);

    // A second start on the same data adds nothing and prints the same credentials.
    const second = start(dataDir);
    try {
      await waitForPing();
      await expect.poll(second.output).toMatch(/user@demo\.vaultline\.test\s+password: \S{8,}/);
      // The chains start again on the data they kept (litecoind's wallet is loaded, not made again).
      if (litecoindInstalled)
        await expect.poll(second.output, { timeout: 60_000 }).toMatch(/Demo chains: .*LTC at http/);
      expect(second.output().match(/password: (\S+)/g)).toEqual(firstPasswords);
    } finally {
      await stop(second.proc, dataDir, second.output);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
