/**
 * The API as a process of its own for bench/money-path.ts, so its CPU time can be read from /proc:
 * the production build in `<root>/apps/api/dist` when it exists (unless `source`), else the sources
 * through tsx; `profileDir` adds `node --cpu-prof`. Resolves once `/api/ping` answers.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface ApiProcessOptions {
  root: string;
  databaseUrl: string;
  port: number;
  jwtSecret: string;
  profileDir?: string;
  source?: boolean;
  /** More settings (they win over the defaults below). */
  env?: Record<string, string>;
  /** Where its log goes: the bench's stderr (default), or nowhere (a bench that logs as deployed). */
  output?: 'stderr' | 'discard';
}

export async function startApi(o: ApiProcessOptions): Promise<{ pid: number; stop: () => Promise<void> }> {
  const built = path.join(o.root, 'apps/api/dist/server.js');
  const compiled = !o.source && existsSync(built);
  const args = [
    ...(o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${o.profileDir}`] : []),
    ...(compiled ? [built] : ['--import', 'tsx', path.join(o.root, 'apps/api/src/server.ts')]),
  ];
  const proc = spawn(process.execPath, args, {
    cwd: o.root,
    // Its output goes to stderr: stdout carries only the bench's JSON result.
    stdio: o.output === 'discard' ? ['ignore', 'ignore', 2] : ['ignore', 2, 2],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: o.databaseUrl,
      REDIS_URL: '',
      PORT: String(o.port),
      HOST: '127.0.0.1',
      JWT_SECRET: o.jwtSecret,
      COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
      LOG_LEVEL: 'warn',
      DEMO: 'false',
      ...o.env,
    },
  });
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${o.port}/api/ping`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  console.error(`API: ${compiled ? built : 'tsx (sources)'}, pid ${proc.pid}`);
  return {
    pid: proc.pid ?? 0,
    stop: () =>
      new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
