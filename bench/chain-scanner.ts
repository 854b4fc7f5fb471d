/**
 * The chain scanner as deployed (issue: chains, "Bench"): the compiled API in production mode with
 * its default logging, on PostgreSQL, watching a local ETH node (anvil) over WebSocket with its
 * default settings (12 confirmations, CHAIN_POLL_MS 2000; the node's new-block pushes wake it).
 * Run: node --import tsx bench/chain-scanner.ts (after `npm run build`; DATABASE_URL or the local
 * PostgreSQL's `postgres` database, in which a database of its own is made and dropped).
 *
 * - WATCHED (default 10,000) guest exchanges awaiting an ETH deposit, each with its own address.
 * - A block a second for BLOCKS blocks (default 60): first IDLE_BLOCKS (default 10) with no transfer
 *   (the baseline, same process), then TRANSFERS a block (default 200: half ETH, half USDT) to
 *   random watched addresses; 5 of each block's go to exchanges a socket.io client watches, each of
 *   exactly its quote.
 * - Figures: the API's CPU per second of blocks (from /proc), idle and loaded, as a share of one
 *   core; the scanner's lag behind the node each second; and, for each watched transfer, the time
 *   from the moment the block that makes it final (its 12th confirmation) was mined to the moment
 *   its watcher's socket hears it is final.
 */
import { randomUUID } from 'node:crypto';
import { FEED_EVENT, FEED_PATH, FEED_WATCH_EVENT } from '@vaultline/shared';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { type Hex, parseEther } from 'viem';
import { type DevChain, randomXpub, startDevChain } from '../apps/api/src/modules/chain/evm/dev-chain';
import { evmAddressDeriver } from '../apps/api/src/modules/chain/evm/xpub';
import { startApi } from './api-process';
import { cpuMs } from './proc-cpu';

const WATCHED = Number(process.env.WATCHED ?? 10_000);
const BLOCKS = Number(process.env.BLOCKS ?? 60);
const IDLE_BLOCKS = Number(process.env.IDLE_BLOCKS ?? 10);
const TRANSFERS = Number(process.env.TRANSFERS ?? 200);
const OBSERVED_PER_BLOCK = 5;
const CONFIRMATIONS = 12;
const PORT = Number(process.env.BENCH_PORT ?? 8471);
const root = new URL('..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};

async function rpc(url: string, calls: { method: string; params: unknown[] }[]): Promise<unknown[]> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const out = (await res.json()) as { id: number; result?: unknown; error?: { message: string } }[];
  for (const r of out) if (r.error) throw new Error(r.error.message);
  return out.sort((a, b) => a.id - b.id).map((r) => r.result);
}

/** WATCHED exchanges awaiting an ETH deposit of 0.01 ETH, each at its own derived address. */
async function seedExchanges(sql: pg.Client, xpub: string): Promise<{ id: string; address: string }[]> {
  const derive = evmAddressDeriver(xpub);
  const ids = (await sql.query(`select id, ticker from assets where ticker in ('ETH', 'BNB')`)).rows as {
    id: string;
    ticker: string;
  }[];
  const eth = ids.find((a) => a.ticker === 'ETH')?.id;
  const bnb = ids.find((a) => a.ticker === 'BNB')?.id;
  const rows = Array.from({ length: WATCHED }, (_, i) => ({ id: randomUUID(), address: derive(i) }));
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    await sql.query(
      `insert into guest_exchanges (id, source_asset_id, destination_asset_id, amount, destination_amount, rate,
         fee, fee_rate, usd_value, email, deposit_address, destination_address, status, network, required_confirmations)
       select u.id, $1, $2, 0.01, 0.0575, 5.775, 0.0003, 0.005, 33.5, 'bench@example.com', u.address,
         '0x2222222222222222222222222222222222222222', 3, 'ETH', ${CONFIRMATIONS}
       from unnest($3::uuid[], $4::text[]) as u(id, address)`,
      [eth, bnb, chunk.map((r) => r.id), chunk.map((r) => r.address)],
    );
    await sql.query(
      `insert into chain_addresses (network, address, index, purpose, exchange_id)
       select 'ETH', u.address, u.i, 'exchange', u.id from unnest($1::uuid[], $2::text[], $3::int[]) as u(id, address, i)`,
      [chunk.map((r) => r.id), chunk.map((r) => r.address), chunk.map((_, k) => i + k)],
    );
  }
  await sql.query(`update chain_networks set next_address_index = $1 where network = 'ETH'`, [WATCHED]);
  return rows;
}

async function main() {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_chain_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  const chain: DevChain = await startDevChain({
    chainId: 31337,
    noMining: true,
    token: { symbol: 'USDT', decimals: 6 },
  });
  const xpub = randomXpub(0);
  const api = await startApi({
    root,
    databaseUrl: dbUrl.toString(),
    port: PORT,
    jwtSecret: 'bench-jwt-secret-bench-jwt-secret-bench-x',
    output: 'discard',
    ...(process.env.BENCH_PROFILE ? { profileDir: process.env.BENCH_PROFILE } : {}),
    env: {
      LOG_LEVEL: 'info',
      ETH_RPC_URL: chain.anvil.wsUrl,
      ETH_XPUB: xpub,
      ETH_USDT_CONTRACT: chain.token as string,
      GUEST_RATE_LIMIT_MAX: '100000',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
  });
  const sql = new pg.Client({ connectionString: dbUrl.toString() });
  await sql.connect();
  const sockets: Socket[] = [];
  try {
    for (let i = 0; i < 100; i++) {
      const r = await sql.query(`select scanned_block from chain_networks where network = 'ETH'`);
      if (r.rows[0]?.scanned_block != null) break;
      await sleep(100);
    }
    const exchanges = await seedExchanges(sql, xpub);
    // The exchanges a socket watches: each gets one deposit of exactly its quote.
    const loaded = BLOCKS - IDLE_BLOCKS;
    const observed = exchanges.slice(0, loaded * OBSERVED_PER_BLOCK);
    const others = exchanges.slice(observed.length);
    const finalAt = new Map<string, number>();
    let heard = 0;
    let lastUpdate: unknown;
    for (let i = 0; i < observed.length; i += 50) {
      const ids = observed.slice(i, i + 50).map((e) => e.id);
      const s = connectClient(`http://127.0.0.1:${PORT}`, {
        path: FEED_PATH,
        transports: ['websocket'],
        forceNew: true,
      });
      sockets.push(s);
      s.on(FEED_EVENT, (u: { id: string; depositConfirmations?: number | null; stage?: string | null }) => {
        heard++;
        lastUpdate = u;
        const final =
          (u.depositConfirmations ?? 0) >= CONFIRMATIONS ||
          (u.stage && u.stage !== 'confirming' && u.stage !== 'awaitingDeposit');
        if (final && !finalAt.has(u.id)) finalAt.set(u.id, now());
      });
      await new Promise<void>((ok) => s.once('connect', () => ok()));
      const ack = (await s.emitWithAck(FEED_WATCH_EVENT, ids)) as { ok: boolean };
      if (!ack.ok) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
    }
    const [native1, native2, token1, token2] = chain.accounts as [Hex, Hex, Hex, Hex];
    // Explicit nonces: the node handles a batch's sends at once, and would give two the same one.
    const nonces = new Map<Hex, number>();
    for (const a of [native1, native2, token1, token2])
      nonces.set(a, await chain.public.getTransactionCount({ address: a, blockTag: 'pending' }));
    const nonce = (a: Hex) => {
      const n = nonces.get(a) ?? 0;
      nonces.set(a, n + 1);
      return `0x${n.toString(16)}`;
    };
    const minedAt = new Map<number, number>();
    const depositBlock = new Map<string, number>();
    const lags: number[] = [];
    let head = Number(await chain.public.getBlockNumber());
    const cpu: { idle?: [number, number]; loaded?: [number, number] } = {};
    let cpuStart = [cpuMs(api.pid), now()] as [number, number];
    const tick = async (b: number) => {
      const calls: { method: string; params: unknown[] }[] = [];
      if (b >= IDLE_BLOCKS) {
        const mine = observed.slice(
          (b - IDLE_BLOCKS) * OBSERVED_PER_BLOCK,
          (b - IDLE_BLOCKS + 1) * OBSERVED_PER_BLOCK,
        );
        for (const e of mine)
          calls.push({
            method: 'eth_sendTransaction',
            params: [
              {
                from: native1,
                nonce: nonce(native1),
                to: e.address,
                value: `0x${parseEther('0.01').toString(16)}`,
                gas: '0x5208',
              },
            ],
          });
        for (let k = mine.length; k < TRANSFERS; k++) {
          const to = (others[Math.floor(Math.random() * others.length)] as { address: string }).address;
          if (k % 2 === 0)
            calls.push({
              method: 'eth_sendTransaction',
              params: [
                {
                  from: native2,
                  nonce: nonce(native2),
                  to,
                  value: `0x${(10n ** 15n + BigInt(k)).toString(16)}`,
                  gas: '0x5208',
                },
              ],
            });
          else
            calls.push({
              method: 'eth_sendTransaction',
              params: [
                {
                  from: k % 4 === 1 ? token1 : token2,
                  nonce: nonce(k % 4 === 1 ? token1 : token2),
                  to: chain.token,
                  gas: '0x186a0',
                  data: `0xa9059cbb${to.slice(2).padStart(64, '0')}${(1_000_000 + k).toString(16).padStart(64, '0')}`,
                },
              ],
            });
        }
        if (calls.length) await rpc(chain.anvil.url, calls);
        for (const e of mine) depositBlock.set(e.id, head + 1);
      }
      await rpc(chain.anvil.url, [{ method: 'evm_mine', params: [] }]);
      head += 1;
      minedAt.set(head, now());
    };
    for (let b = 0; b < BLOCKS + CONFIRMATIONS + 2; b++) {
      const started = now();
      if (b === IDLE_BLOCKS) {
        cpu.idle = [cpuMs(api.pid) - cpuStart[0], now() - cpuStart[1]];
        cpuStart = [cpuMs(api.pid), now()];
      }
      await tick(b < BLOCKS ? b : -1);
      if (b === BLOCKS) cpu.loaded = [cpuMs(api.pid) - cpuStart[0], now() - cpuStart[1]];
      await sleep(Math.max(0, 1000 - (now() - started) - 150));
      const scanned = Number(
        (await sql.query(`select scanned_block from chain_networks where network = 'ETH'`)).rows[0]
          ?.scanned_block,
      );
      if (b >= IDLE_BLOCKS && b < BLOCKS) lags.push(head - scanned);
      await sleep(Math.max(0, 1000 - (now() - started)));
    }
    await sleep(3000);
    const latencies: number[] = [];
    let missing = 0;
    for (const e of observed) {
      const b = depositBlock.get(e.id);
      const mined = b === undefined ? undefined : minedAt.get(b + CONFIRMATIONS - 1);
      const heard = finalAt.get(e.id);
      if (mined === undefined || heard === undefined) missing++;
      else latencies.push(heard - mined);
    }
    const seen = (await sql.query(`select count(*)::int n from chain_deposits`)).rows[0]?.n as number;
    if (process.env.BENCH_DEBUG) {
      console.error((await sql.query(`select status, count(*) from chain_deposits group by status`)).rows);
      console.error(
        (
          await sql.query(
            `select status, stage_hold, count(*) from (select status, hold_reason as stage_hold from guest_exchanges where transaction_hash is not null) x group by 1,2`,
          )
        ).rows,
      );
      console.error(lastUpdate);
    }
    const share = (c?: [number, number]) => (c ? Math.round((c[0] / c[1]) * 1000) / 10 : Number.NaN);
    const result = {
      watched: WATCHED,
      transfersPerBlock: TRANSFERS,
      blocksLoaded: loaded,
      transfersSeen: seen,
      transfersSent: loaded * TRANSFERS,
      updatesHeard: heard,
      apiCpuIdlePercentOfCore: share(cpu.idle),
      apiCpuLoadedPercentOfCore: share(cpu.loaded),
      loadedOverIdle: Math.round((share(cpu.loaded) / share(cpu.idle)) * 10) / 10,
      lagBlocks: { p50: pct(lags, 50), max: Math.max(...lags) },
      finalToScreenMs: {
        p50: Math.round(pct(latencies, 50)),
        p99: Math.round(pct(latencies, 99)),
        max: Math.round(Math.max(...latencies)),
        n: latencies.length,
        missing,
      },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    for (const s of sockets) s.close();
    await sql.end();
    await api.stop();
    await chain.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
