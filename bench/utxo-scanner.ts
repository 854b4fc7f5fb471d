/**
 * The UTXO scanner (issue: UTXO family, "Bench"): a litecoind -regtest node (tests' starter), blocks
 * of TXS (default 3,000, a busy mainnet block) transactions, WATCHED (default 10,000) LTC deposit
 * addresses, each a guest exchange awaiting its deposit. Each transaction spends one of the bench's
 * own outputs and pays one output onward plus change (like most payments): TRANSFERS (default 200)
 * of a block's pay watched addresses (5 of them exchanges a socket.io client watches, each exactly
 * its quote), the rest pay addresses nobody watches. Transactions are signed here
 * (@scure/btc-signer) and sent as raw transactions in JSON-RPC batches, then one block is mined.
 * Run: node --import tsx bench/utxo-scanner.ts (after `npm run build`; DATABASE_URL or the local
 * PostgreSQL's `postgres` database, in which a database of its own is made and dropped).
 *
 * Figures, per block (BLOCKS loaded, default 5; IDLE_BLOCKS empty ones first, default 3):
 * - scan CPU: the adapter's `scan` of that block (getblock verbosity 2, JSON read, outputs matched
 *   against the watched set), in this process, user + system time of one core;
 * - API CPU: the deployed API process (compiled, production, PostgreSQL, LTC_CONFIRMATIONS=1,
 *   CHAIN_POLL_MS default 2000) from the block's mining until its watchers heard it, against an
 *   empty block's (the baseline: the same process, same polling);
 * - block to screen: from the block's mining to each watched exchange's socket hearing its deposit
 *   final.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { p2wpkh } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';
import { FEED_EVENT, FEED_PATH, FEED_WATCH_EVENT } from '@vaultline/shared';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { randomRegtestXpub } from '../apps/api/src/modules/chain/demo-ltc';
import { bip84Deriver } from '../apps/api/src/modules/chain/utxo/bip84';
import { startLitecoind } from '../apps/api/src/modules/chain/utxo/litecoind';
import { createUtxoAdapter } from '../apps/api/src/modules/chain/utxo/utxo-adapter';
import { UTXO_PARAMS } from '../apps/api/src/modules/chain/utxo/utxo-networks';
import { startApi } from './api-process';
import { cpuMs } from './proc-cpu';
import { type Coin, net, seedExchanges, sendBlock } from './utxo-bench-traffic';

const TXS = Number(process.env.TXS ?? 3000);
const WATCHED = Number(process.env.WATCHED ?? 10_000);
const BLOCKS = Number(process.env.BLOCKS ?? 5);
const IDLE_BLOCKS = Number(process.env.IDLE_BLOCKS ?? 3);
const TRANSFERS = Number(process.env.TRANSFERS ?? 200);
const OBSERVED = 5;
const PORT = Number(process.env.BENCH_PORT ?? 8472);
const root = new URL('..', import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : Number.NaN;
};
const round = (n: number) => Math.round(n);

async function main() {
  const node = await startLitecoind({ fund: 300 });
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_utxo_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(base);
  dbUrl.pathname = `/${name}`;
  const sockets: Socket[] = [];
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  let sql: pg.Client | undefined;
  try {
    // TXS coins of 0.05 LTC, from the node's wallet in a few fan-out transactions.
    const coins: Coin[] = Array.from({ length: TXS }, () => {
      const key = randomBytes(32);
      const pay = p2wpkh(pubECDSA(key), net.params);
      return { key, script: pay.script, address: pay.address as string, txid: '', vout: 0, amount: 0n };
    });
    for (let i = 0; i < coins.length; i += 1000) {
      const part = coins.slice(i, i + 1000);
      const txid = await node.call<string>('sendmany', [
        '',
        Object.fromEntries(part.map((c) => [c.address, '0.05'])),
      ]);
      const tx = await node.call<{ vout: { n: number; scriptPubKey: { addresses?: string[] } }[] }>(
        'getrawtransaction',
        [txid, true],
      );
      const byAddress = new Map(part.map((c) => [c.address, c]));
      for (const v of tx.vout) {
        const c = byAddress.get(v.scriptPubKey.addresses?.[0] ?? '');
        if (c) Object.assign(c, { txid, vout: v.n, amount: 5_000_000n });
      }
    }
    await node.mine(1);

    const xpub = randomRegtestXpub();
    const derive = bip84Deriver(xpub, UTXO_PARAMS.LTC.regtest);
    const watched = Array.from({ length: WATCHED }, (_, i) => ({ id: randomUUID(), address: derive(i) }));
    api = await startApi({
      root,
      databaseUrl: dbUrl.toString(),
      port: PORT,
      jwtSecret: 'bench-jwt-secret-bench-jwt-secret-bench-x',
      output: 'discard',
      ...(process.env.BENCH_PROFILE ? { profileDir: process.env.BENCH_PROFILE } : {}),
      env: {
        LOG_LEVEL: 'info',
        LTC_RPC_URL: node.url,
        LTC_XPUB: xpub,
        LTC_NETWORK: 'regtest',
        LTC_CONFIRMATIONS: '1',
        TWO_FACTOR_ENCRYPTION_KEY: 'bench-two-factor-key-bench-two-factor-key',
        GUEST_RATE_LIMIT_MAX: '100000',
      },
    });
    sql = new pg.Client({ connectionString: dbUrl.toString() });
    await sql.connect();
    const scanned = async () =>
      Number(
        (await sql?.query(`select scanned_block from chain_networks where network = 'LTC'`))?.rows[0]
          ?.scanned_block ?? -1,
      );
    for (let i = 0; i < 300 && (await scanned()) < 0; i++) await sleep(100);
    await seedExchanges(sql, watched);

    // The socket watchers: OBSERVED exchanges a block, each paid exactly its quote.
    const observed = watched.slice(0, BLOCKS * OBSERVED);
    const others = watched.slice(observed.length);
    const heardAt = new Map<string, number>();
    for (let i = 0; i < observed.length; i += 50) {
      const s = connectClient(`http://127.0.0.1:${PORT}`, {
        path: FEED_PATH,
        transports: ['websocket'],
        forceNew: true,
      });
      sockets.push(s);
      s.on(FEED_EVENT, (u: { id: string; depositConfirmations?: number | null; stage?: string | null }) => {
        const final =
          (u.depositConfirmations ?? 0) >= 1 ||
          (u.stage && !['confirming', 'awaitingDeposit'].includes(u.stage));
        if (final && !heardAt.has(u.id)) heardAt.set(u.id, now());
      });
      await new Promise<void>((ok) => s.once('connect', () => ok()));
      const ack = (await s.emitWithAck(
        FEED_WATCH_EVENT,
        observed.slice(i, i + 50).map((e) => e.id),
      )) as { ok: boolean };
      if (!ack.ok) throw new Error(`watch refused: ${JSON.stringify(ack)}`);
    }

    // The adapter as the scanner builds it, reading in this process.
    const adapter = createUtxoAdapter({
      network: 'LTC',
      kind: 'regtest',
      rpcUrl: node.url,
      xpub,
      decimals: 8,
    });
    const watchSet = new Set(watched.map((w) => w.address));
    const rows: {
      loaded: boolean;
      txs: number;
      transfers: number;
      scanCpuMs: number;
      scanMs: number;
      apiCpuMs: number;
      screenMs: number[];
    }[] = [];
    for (let b = 0; b < IDLE_BLOCKS + BLOCKS; b++) {
      const loaded = b >= IDLE_BLOCKS;
      const mine = loaded
        ? observed.slice((b - IDLE_BLOCKS) * OBSERVED, (b - IDLE_BLOCKS + 1) * OBSERVED)
        : [];
      if (loaded) await sendBlock(TRANSFERS, node.rpc, coins, mine, others);
      await sleep(2500); // the API quiet again before the block
      const apiBefore = cpuMs(api.pid);
      const [hash] = await node.mine(1);
      const minedAt = now();
      const height = (await node.call<{ height: number }>('getblockheader', [hash])).height;
      // The API reads it (and its watchers hear it), then a poll more, as a quiet block would take.
      for (let i = 0; i < 200 && ((await scanned()) < height || mine.some((e) => !heardAt.has(e.id))); i++)
        await sleep(50);
      await sleep(500);
      const apiCpuMs = cpuMs(api.pid) - apiBefore;
      const c0 = cpuNow();
      const t0 = now();
      const [block] = await adapter.scan(height, height, (a) => watchSet.has(a));
      const scanCpuMs = cpuNow() - c0;
      const scanMs = now() - t0;
      const txs = (await node.call<{ nTx: number }>('getblock', [hash, 1])).nTx - 1;
      rows.push({
        loaded,
        txs,
        transfers: block?.transfers.length ?? 0,
        scanCpuMs,
        scanMs,
        apiCpuMs,
        screenMs: mine.map((e) => (heardAt.get(e.id) ?? Number.NaN) - minedAt),
      });
      console.error(
        `block ${height}: ${txs} transactions, scan ${round(scanCpuMs)} ms CPU, API ${round(apiCpuMs)} ms CPU`,
      );
    }
    const idle = rows.filter((r) => !r.loaded);
    const full = rows.filter((r) => r.loaded);
    const median = (xs: number[]) => round(pct(xs, 50));
    const screen = full.flatMap((r) => r.screenMs);
    const apiIdle = median(idle.map((r) => r.apiCpuMs));
    const apiLoaded = median(full.map((r) => r.apiCpuMs));
    console.log(
      JSON.stringify(
        {
          transactionsPerBlock: median(full.map((r) => r.txs)),
          watched: WATCHED,
          transfersPerBlock: median(full.map((r) => r.transfers)),
          blocks: full.length,
          scanCpuMsPerBlock: {
            p50: median(full.map((r) => r.scanCpuMs)),
            max: round(Math.max(...full.map((r) => r.scanCpuMs))),
          },
          scanWallMsPerBlock: median(full.map((r) => r.scanMs)),
          scanCpuMsEmptyBlock: median(idle.map((r) => r.scanCpuMs)),
          apiCpuMsPerBlock: {
            loaded: apiLoaded,
            empty: apiIdle,
            ratio: Math.round((apiLoaded / apiIdle) * 10) / 10,
          },
          blockToScreenMs: {
            p50: median(screen),
            max: round(Math.max(...screen)),
            n: screen.filter((x) => !Number.isNaN(x)).length,
            of: screen.length,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    for (const s of sockets) s.close();
    await sql?.end();
    await api?.stop();
    await node.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
