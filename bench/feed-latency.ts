/**
 * Live feed latency: publish (feed.publish on the server) to receipt by a watcher's socket, with
 * FEED_WATCHERS connected watchers (default 5000) on one API instance, WebSocket transport.
 * Run: node --import tsx bench/feed-latency.ts
 *
 * - The API is built in this process (buildApp on an embedded PGlite, or DATABASE_URL), listens on
 *   an ephemeral loopback port, in-memory adapter (FEED_REDIS=1 uses REDIS_URL or the local Redis).
 * - The watchers live in FEED_PROCESSES child processes (default 4). Each socket watches its own
 *   exchange id and one id shared by all.
 * - "targeted": FEED_UPDATES updates (default 1000), one every FEED_GAP_MS (default 5), each to one
 *   random watcher's exchange. "fan-out": FEED_FANOUTS updates (default 20, every 500 ms) to the
 *   shared id, i.e. to all watchers at once; latency counted per delivery and for the last one.
 * - FEED_INSTANCES=2: two API instances in this process on one database and one Redis (the Redis
 *   adapter, REDIS_URL or the local Redis): the watchers connect to the second, updates are
 *   published on the first, so every delivery crosses Redis (the scale-out figure).
 * - Memory per connected watcher: this process's heap and RSS after a GC, before and after the
 *   watchers connect (run with --expose-gc for the GC; the watchers themselves are in children).
 * - Times are wall-clock (performance.timeOrigin + now) in both processes, so sub-millisecond.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { FEED_EVENT, FEED_PATH, TransactionStatus } from '@vaultline/shared';
import { io as connectClient, type Socket } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const WATCHERS = Number(process.env.FEED_WATCHERS ?? 5000);
const PROCESSES = Number(process.env.FEED_PROCESSES ?? 4);
const UPDATES = Number(process.env.FEED_UPDATES ?? 1000);
const GAP_MS = Number(process.env.FEED_GAP_MS ?? 5);
const FANOUTS = Number(process.env.FEED_FANOUTS ?? 20);
const INSTANCES = Number(process.env.FEED_INSTANCES ?? 1);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ToWorker = { kind: 'start'; url: string; ids: string[]; shared: string } | { kind: 'report' };
type FromWorker = { kind: 'ready'; failed: number } | { kind: 'receipts'; receipts: [string, number][] };

/** A child process holding its share of the watchers; records when each update arrived. */
async function worker() {
  const sockets: Socket[] = [];
  const receipts: [string, number][] = [];
  process.on('message', async (msg: ToWorker) => {
    if (msg.kind === 'report') {
      process.send?.({ kind: 'receipts', receipts: receipts.splice(0) } satisfies FromWorker);
      return;
    }
    if (msg.kind !== 'start') return;
    let failed = 0;
    // Connect in batches so the server is not asked for thousands of handshakes at once.
    for (let i = 0; i < msg.ids.length; i += 100) {
      await Promise.all(
        msg.ids.slice(i, i + 100).map(async (id) => {
          const s = connectClient(msg.url, { path: FEED_PATH, transports: ['websocket'], forceNew: true });
          sockets.push(s);
          s.on(FEED_EVENT, (u: { id: string }) => receipts.push([u.id, now()]));
          try {
            await new Promise<void>((ok, ko) => {
              s.once('connect', ok);
              s.once('connect_error', ko);
            });
            const ack = await s.timeout(10_000).emitWithAck('watch', [id, msg.shared]);
            if (!ack.ok) failed++;
          } catch {
            failed++;
          }
        }),
      );
    }
    process.send?.({ kind: 'ready', failed } satisfies FromWorker);
  });
  process.on('disconnect', () => {
    for (const s of sockets) s.close();
    process.exit(0);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 100) / 100;
  return { p50: r(percentile(s, 50)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? 0), n: s.length };
};
const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(2)} ms, p99 ${percentile(s, 99).toFixed(2)} ms, max ${(s.at(-1) ?? 0).toFixed(2)} ms (n=${s.length})`;
};

async function main() {
  const [{ buildApp }, { openPglite, openPostgres }, { seedReference }, { loadConfig }] = await Promise.all([
    import('../apps/api/src/app'),
    import('../apps/api/src/db/client'),
    import('../apps/api/src/db/seed'),
    import('../apps/api/src/config'),
  ]);
  const redisUrl =
    process.env.FEED_REDIS || INSTANCES > 1 ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-jwt-secret-bench-jwt-secret-bench-jwt',
    COOKIE_SECRET: 'bench-cookie-secret-bench-cookie-secret-x',
    LOG_LEVEL: 'warn',
    DATA_DIR: os.tmpdir(),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const database = process.env.DATABASE_URL
    ? await openPostgres(process.env.DATABASE_URL, 4)
    : await openPglite();
  await seedReference(database.db);
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // With two instances the watchers connect to the second; updates are published on the first.
  const second = INSTANCES > 1 ? await buildApp({ config, database }) : undefined;
  if (second) await second.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${((second ?? app).server.address() as AddressInfo).port}`;
  const memory = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, rss: m.rss };
  };
  const memBefore = memory();

  const ids = Array.from({ length: WATCHERS }, () => randomUUID());
  const shared = randomUUID();
  const children: ChildProcess[] = [];
  const started = now();
  const ready = await Promise.all(
    Array.from({ length: PROCESSES }, (_, p) => {
      const child = fork(import.meta.filename, ['worker'], { execArgv: ['--import', 'tsx'] });
      children.push(child);
      const mine = ids.filter((_, i) => i % PROCESSES === p);
      return new Promise<number>((resolve) => {
        child.once('message', (m: FromWorker) => resolve(m.kind === 'ready' ? m.failed : mine.length));
        child.send({ kind: 'start', url, ids: mine, shared } satisfies ToWorker);
      });
    }),
  );
  const failed = ready.reduce((a, b) => a + b, 0);
  console.log(
    `${WATCHERS - failed} of ${WATCHERS} watchers connected in ${((now() - started) / 1000).toFixed(1)} s`,
  );
  if (failed) throw new Error(`${failed} watchers failed to connect or watch`);
  await sleep(1000);
  const memAfter = memory();
  const perWatcher = (k: 'heap' | 'rss') => ((memAfter[k] - memBefore[k]) / WATCHERS / 1024).toFixed(1);

  const sent = new Map<string, number>();
  const publish = (exchangeId: string) => {
    const id = randomUUID();
    sent.set(id, now());
    const update = {
      id,
      status: TransactionStatus.success,
      adminNotes: null,
      transactionHash: null,
      updatedAt: new Date().toISOString(),
    };
    if (!app.services.feed.publish(update, { exchangeId })) throw new Error('publish refused');
    return id;
  };
  const collect = async () => {
    await sleep(1000);
    const all = await Promise.all(
      children.map(
        (c) =>
          new Promise<[string, number][]>((resolve) => {
            c.once('message', (m: FromWorker) => resolve(m.kind === 'receipts' ? m.receipts : []));
            c.send({ kind: 'report' } satisfies ToWorker);
          }),
      ),
    );
    return all.flat();
  };

  const load1 = os.loadavg()[0] ?? 0;
  const targetedIds: string[] = [];
  for (let i = 0; i < UPDATES; i++) {
    targetedIds.push(publish(ids[Math.floor(Math.random() * ids.length)] as string));
    await sleep(GAP_MS);
  }
  const targeted = await collect();
  const lat = targeted.map(([id, t]) => t - (sent.get(id) ?? Number.NaN));
  const missing = UPDATES - new Set(targeted.map(([id]) => id)).size;

  const fanIds = new Set<string>();
  // Server time inside publish() for one fan-out: encoding once, then a write to every socket.
  const emitMs: number[] = [];
  for (let i = 0; i < FANOUTS; i++) {
    const t0 = now();
    fanIds.add(publish(shared));
    emitMs.push(now() - t0);
    await sleep(500);
  }
  const fan = await collect();
  const fanLat = fan.map(([id, t]) => t - (sent.get(id) ?? Number.NaN));
  const lastPerUpdate = [...fanIds].map((id) =>
    Math.max(...fan.filter(([x]) => x === id).map(([, t]) => t - (sent.get(id) ?? Number.NaN))),
  );
  const load2 = os.loadavg()[0] ?? 0;

  console.log(
    `machine: ${os.cpus().length} CPUs, load average (1 min) ${load1.toFixed(2)} before, ${load2.toFixed(2)} after`,
  );
  console.log(
    `instances: ${INSTANCES}${INSTANCES > 1 ? ' (published on the first, watchers on the second, via Redis)' : ''}`,
  );
  console.log(
    `memory per connected watcher (server side${(globalThis as { gc?: unknown }).gc ? ', after GC' : ', no GC: run with --expose-gc'}): heap ${perWatcher('heap')} KiB, RSS ${perWatcher('rss')} KiB`,
  );
  console.log(
    `targeted (1 watcher per update, ${UPDATES} updates every ${GAP_MS} ms): ${fmt(lat)}; missing ${missing}`,
  );
  console.log(`fan-out (${WATCHERS} watchers per update, ${FANOUTS} updates): per delivery ${fmt(fanLat)}`);
  console.log(`fan-out, server time inside publish(): ${fmt(emitMs)}`);
  console.log(
    `fan-out, last watcher reached: ${fmt(lastPerUpdate)}; deliveries ${fan.length} of ${FANOUTS * WATCHERS}`,
  );

  if (process.env.BENCH_OUT)
    writeFileSync(
      process.env.BENCH_OUT,
      JSON.stringify({
        instances: INSTANCES,
        watchers: WATCHERS,
        loadAverage: [load1, load2].map((l) => Math.round(l * 100) / 100),
        memoryPerWatcherKiB: { heap: Number(perWatcher('heap')), rss: Number(perWatcher('rss')) },
        targetedMs: { ...stats(lat), missing },
        fanOutLastMs: stats(lastPerUpdate),
      }),
    );
  for (const c of children) c.disconnect();
  await second?.close();
  await app.close();
  await database.close();
}

if (process.argv[2] === 'worker') void worker();
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
