/**
 * First start: time from spawning the compiled API (`node apps/api/dist/server.js`, as `npm start`
 * runs it: embedded PGlite, demo mode, development logging) to its first successful answers.
 * Run: node --import tsx bench/first-start.ts   (builds web and API first when a build is missing)
 *
 * Cases, FIRST_START_RUNS each (default 5), figures are medians:
 * - "existing data": a data dir made by an earlier start (database migrated, demo data seeded);
 * - "fresh data": an empty data dir each run (database created from the build's template, then
 *   migrated and seeded).
 * For each run: ms from spawning to the first 200 of GET /api/ping (asked as soon as the server
 * prints that it listens), then of GET /home (the app's page), and the server's CPU time by then
 * (all its threads; V8 compiles and collects on background threads). FIRST_START_PROFILE=dir
 * writes a CPU profile (node --cpu-prof) of each run into dir. FIRST_START_PORT (default 8305).
 * FIRST_START_API=src runs the TypeScript sources through tsx instead (the way before the build).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.FIRST_START_RUNS ?? 5);
const PORT = Number(process.env.FIRST_START_PORT ?? 8305);
const PROFILE = process.env.FIRST_START_PROFILE;
const FROM_SOURCES = process.env.FIRST_START_API === 'src';
// BENCH_ROOT: another checkout's build (an earlier commit), measured the same way for a before/after.
const root = process.env.BENCH_ROOT
  ? path.resolve(process.env.BENCH_ROOT)
  : path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/api/dist/server.js');
const TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim());

interface Run {
  ping: number;
  home: number;
  cpu: number;
}

/** user + system CPU time of a process so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** GET on a fresh connection; resolves with the status, 0 when nothing answers. */
function get(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
  });
}

/** GETs `url` until it answers 200 (every 10 ms); returns when it did. */
async function firstOk(url: string, proc: ChildProcess, until: number): Promise<number> {
  while (performance.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if ((await get(url)) === 200) return performance.now();
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no answer from ${url} in time`);
}

async function once(dataDir: string): Promise<Run> {
  const args = [
    ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : []),
    ...(FROM_SOURCES ? ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')] : [server]),
  ];
  const started = performance.now();
  const proc = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(root, 'apps/web/dist'),
      NODE_ENV: '',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const exited = new Promise((r) => proc.once('exit', r));
  // Polling from the start would take CPU from the server (a GET every 5 ms cost ~0.5 s of CPU
  // over a start on these 2 cores): wait for the line it prints once listening, then ask.
  const listening = new Promise<void>((resolve) => {
    let out = '';
    proc.stdout?.on('data', (d) => {
      out += String(d);
      if (out.includes('is running at')) resolve();
    });
  });
  try {
    const until = started + 60_000;
    await Promise.race([listening, exited]);
    const ping = (await firstOk(`http://127.0.0.1:${PORT}/api/ping`, proc, until)) - started;
    const home = (await firstOk(`http://127.0.0.1:${PORT}/home`, proc, until)) - started;
    return { ping, home, cpu: proc.pid ? cpuMs(proc.pid) : Number.NaN };
  } finally {
    proc.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
};

const results: Record<string, { pingMs: number; homeMs: number; cpuMs: number; runs: Run[] }> = {};

async function measure(label: string, dataDir: () => string) {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    runs.push(await once(dataDir()));
  }
  const f = (xs: number[]) => `${Math.round(median(xs))} ms (${xs.map(Math.round).join(', ')})`;
  console.log(`${label.padEnd(16)} /api/ping ${f(runs.map((r) => r.ping))}`);
  console.log(`${''.padEnd(16)} /home     ${f(runs.map((r) => r.home))}`);
  console.log(`${''.padEnd(16)} CPU       ${f(runs.map((r) => r.cpu))}`);
  results[label] = {
    pingMs: Math.round(median(runs.map((r) => r.ping))),
    homeMs: Math.round(median(runs.map((r) => r.home))),
    cpuMs: Math.round(median(runs.map((r) => r.cpu))),
    runs,
  };
}

if ((!FROM_SOURCES && !existsSync(server)) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const temp = mkdtempSync(path.join(os.tmpdir(), 'vaultline-first-start-'));
try {
  console.log(
    `node ${process.version}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${RUNS} runs each, ${FROM_SOURCES ? 'sources through tsx' : 'compiled'}`,
  );
  const existing = path.join(temp, 'existing');
  await once(existing); // creates and seeds it
  await measure('existing data', () => existing);
  let n = 0;
  await measure('fresh data', () => path.join(temp, `fresh-${n++}`));
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(results));
} finally {
  rmSync(temp, { recursive: true, force: true });
}
