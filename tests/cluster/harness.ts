import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Two (or more) API processes on one PostgreSQL and one Redis behind nginx, each a real `node`
 * process started from the sources, for the scale-out test. Loopback only.
 */
export const root = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export async function createDatabase(base: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cluster_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * An API process on loopback; `compiled`: the production build (apps/api/dist, as `npm start` runs
 * it) when it exists, else the sources through tsx.
 */
export function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  opts: { compiled?: boolean } = {},
): Instance {
  const built = path.join(root, 'apps/api/dist/server.js');
  const args = opts.compiled && existsSync(built) ? [built] : ['--import', 'tsx', 'apps/api/src/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      INSTANCE_NAME: name,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `vaultline-cluster-${name}-`)),
      WEB_DIST: path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, url: `http://127.0.0.1:${port}`, child, exited };
}

/** GET/POST over loopback from a chosen local address (nginx's sticky hash is by client address). */
export function request(
  url: string,
  opts: { method?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const req = http.request(
      url,
      {
        method: opts.method ?? 'GET',
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          data += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function waitReady(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await request(`${url}/api/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** nginx (Debian's package) with the repository's config, in a prefix of its own, not daemonised. */
export function startNginx(listen: number, upstreams: number[]): { url: string; stop(): Promise<void> } {
  const nginx = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')[0];
  if (!nginx) throw new Error('nginx is not installed: apt-get install -y nginx');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'vaultline-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  // envsubst-style placeholders, ${NAME}, built so they read as text rather than a template slip.
  const slot = (name: string) => `$${'{'}${name}}`;
  const site = readFileSync(path.join(root, 'deploy/nginx/vaultline.conf'), 'utf8')
    .replaceAll(slot('LISTEN'), `127.0.0.1:${listen}`)
    // One line: the placeholder also appears in a comment of the file.
    .replaceAll(
      slot('UPSTREAMS'),
      upstreams.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join(' '),
    );
  writeFileSync(path.join(prefix, 'vaultline.conf'), site);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/logs/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${prefix}/body;`,
      `  proxy_temp_path ${prefix}/proxy;`,
      `  fastcgi_temp_path ${prefix}/fastcgi;`,
      `  uwsgi_temp_path ${prefix}/uwsgi;`,
      `  scgi_temp_path ${prefix}/scgi;`,
      `  include ${prefix}/vaultline.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-c', `${prefix}/nginx.conf`, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    url: `http://127.0.0.1:${listen}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

/** The XSRF pair a state-changing call needs: cookie from a GET, echoed in the header. */
export async function xsrfFrom(url: string): Promise<Record<string, string>> {
  const res = await request(`${url}/api/ping`);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.map((c) => c.split(';')[0]).find((c) => c?.startsWith('XSRF-TOKEN='));
  if (!cookie) throw new Error('no XSRF cookie');
  return { cookie, 'x-xsrf-token': decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) };
}

/**
 * Prometheus (Debian's package) with the repository's config and alert rules
 * (deploy/prometheus/), scraping `targets` (host:port) every second with the metrics token.
 */
export function startPrometheus(listen: number, targets: string[], token: string) {
  const binary = spawnSync('sh', ['-c', 'command -v prometheus'], { encoding: 'utf8' }).stdout.trim();
  if (!binary) throw new Error('prometheus is not installed: apt-get install -y prometheus');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultline-prometheus-'));
  const slot = (name: string) => `$${'{'}${name}}`;
  writeFileSync(path.join(dir, 'token'), token, { mode: 0o600 });
  const config = readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')
    .replaceAll(slot('TARGETS'), `[${targets.map((t) => `'${t}'`).join(', ')}]`)
    .replaceAll(slot('TOKEN_FILE'), path.join(dir, 'token'))
    .replaceAll(slot('SCRAPE_INTERVAL'), '1s');
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  writeFileSync(
    path.join(dir, 'alerts.yml'),
    readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8'),
  );
  const child = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${listen}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (c) => {
    log = (log + String(c)).slice(-4000);
  });
  const url = `http://127.0.0.1:${listen}`;
  const api = async <T>(p: string): Promise<T> => {
    const res = JSON.parse((await request(`${url}${p}`)).body) as { status: string; data: T };
    if (res.status !== 'success') throw new Error(`Prometheus ${p}: ${JSON.stringify(res)}`);
    return res.data;
  };
  return {
    url,
    log: () => log,
    /** An instant query's samples: labels and value. */
    async query(expr: string): Promise<{ metric: Record<string, string>; value: number }[]> {
      const data = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `/api/v1/query?query=${encodeURIComponent(expr)}`,
      );
      return data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    /** The scrape targets as Prometheus sees them. */
    async targets(): Promise<{ scrapeUrl: string; health: string; lastScrape: string; lastError: string }[]> {
      return (await api<{ activeTargets: never[] }>('/api/v1/targets')).activeTargets;
    },
    async ready(timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          if ((await request(`${url}/-/ready`)).status === 200) return;
        } catch {
          // not listening yet
        }
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`Prometheus did not start: ${log}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
