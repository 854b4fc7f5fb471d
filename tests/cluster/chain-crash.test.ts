import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Chains,
  deposit,
  startChains,
  units,
  waitFor,
} from '../../apps/api/src/modules/chain/dev-chains.test-helpers';
import { createDatabase, request, root, waitReady, xsrfFrom } from './harness';

// Payouts exactly once across a crash (DECISIONS §10): the API is killed (SIGKILL) between signing
// a payout and broadcasting it, and between broadcasting it and recording that; after a restart
// there is exactly one payout transaction on chain for each, of exactly the quoted amount.
const BASE = process.env.DATABASE_URL;
const PORT = 8431;
const url = `http://127.0.0.1:${PORT}`;
let db: Awaited<ReturnType<typeof createDatabase>>;
let chains: Chains;
let sql: pg.Client;
let child: ChildProcess | undefined;

function start(crashAt?: 'sign' | 'broadcast') {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/cluster/chain-crash-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...chains.env,
      NODE_ENV: 'development',
      DEMO: 'false',
      DATABASE_URL: db.url,
      PORT: String(PORT),
      CHAIN_POLL_MS: '50',
      GUEST_RATE_LIMIT_MAX: '1000',
      LOG_LEVEL: 'warn',
      CRASH_AT: crashAt ?? '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_c, s) => resolve(s)));
  child = proc;
  return { proc, exited };
}

async function call(method: string, path: string, body?: unknown) {
  const res = await request(`${url}/api/${path}`, {
    method,
    ...(body === undefined ? {} : { body }),
    headers: method === 'GET' ? {} : await xsrfFrom(url),
  });
  return JSON.parse(res.body) as { content: Record<string, unknown> };
}

const row = async (q: string, params: unknown[]) => (await sql.query(q, params)).rows[0];

beforeAll(async () => {
  if (!BASE) throw new Error('The chain crash test needs DATABASE_URL (see README).');
  db = await createDatabase(BASE);
  chains = await startChains({ confirmations: 2 });
  sql = new pg.Client({ connectionString: db.url });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await sql?.end().catch(() => undefined);
  await chains?.stop();
  await db?.drop();
}, 60_000);

async function exchangeTo(address: string) {
  const wallets = (await call('GET', 'Wallets/list')).content as unknown as { id: string; ticker: string }[];
  const id = (t: string) => wallets.find((w) => w.ticker === t)?.id;
  const created = await call('POST', 'PublicExchange/createExchange', {
    sourceWalletId: id('ETH'),
    destinationWalletId: id('BNB'),
    amount: '0.05',
    userEmail: 'crash.guest@example.com',
    destinationWalletAddress: address,
  });
  return (await call('GET', `PublicExchange/exchange/${created.content.id}`)).content as {
    id: string;
    adminWalletAddress: string;
    destinationAmount: string;
  };
}

describe('SIGKILL in the middle of a payout', () => {
  it('between signing and broadcasting, then between broadcasting and recording: one transaction each', async () => {
    let run = start('sign');
    await waitReady(url);
    await sql.connect();
    await waitFor(
      async () =>
        (await row('select count(*)::int n from chain_networks where scanned_block is not null', []))?.n ===
        2,
      30_000,
      'networks read',
    );

    // 1. Killed right after the payout was stored signed: nothing was broadcast.
    const first = await exchangeTo('0x7777777777777777777777777777777777777701');
    await deposit(chains.eth, first.adminWalletAddress, '0.05');
    await chains.eth.mine(2);
    expect(await run.exited).toBe('SIGKILL');
    const signed = await row('select status, tx_hash, raw_tx from chain_payouts where reference = $1', [
      first.id,
    ]);
    expect(signed).toMatchObject({ status: 'signed' });
    await expect(chains.bsc.public.getTransaction({ hash: signed.tx_hash as Hex })).rejects.toThrow();
    run = start();
    await waitReady(url);

    // 2. The restarted instance sends the stored transaction, the same bytes.
    await waitFor(
      async () =>
        (await row('select status from chain_payouts where reference = $1', [first.id]))?.status === 'sent',
      30_000,
      'first sent after restart',
    );
    run.proc.kill('SIGTERM');
    await run.exited;

    // 3. Killed right after broadcasting the second exchange's payout, before recording that it did.
    run = start('broadcast');
    await waitReady(url);
    const second = await exchangeTo('0x7777777777777777777777777777777777777702');
    await deposit(chains.eth, second.adminWalletAddress, '0.05');
    await chains.eth.mine(2);
    expect(await run.exited).toBe('SIGKILL');
    const broadcast = await row('select status, tx_hash from chain_payouts where reference = $1', [
      second.id,
    ]);
    expect(broadcast.status).toBe('signed');
    const pending = await chains.bsc.public.getTransaction({ hash: broadcast.tx_hash as Hex });
    expect(pending.blockNumber).toBeNull();

    run = start();
    await waitReady(url);
    await waitFor(
      async () =>
        (await row('select status from chain_payouts where reference = $1', [second.id]))?.status === 'sent',
      30_000,
      'second recorded as sent',
    );
    // Mined and confirmed (2 confirmations): each exchange is settled only then.
    await chains.bsc.mine(2);
    for (const e of [first, second])
      await waitFor(
        async () => (await row('select status from guest_exchanges where id = $1', [e.id]))?.status === 1,
        30_000,
        'success',
      );

    // Exactly two transactions left the hot wallet: one per payout, each of exactly the quote.
    expect(await chains.bsc.public.getTransactionCount({ address: chains.hot.BSC as Hex })).toBe(2);
    for (const [e, to] of [
      [first, '0x7777777777777777777777777777777777777701'],
      [second, '0x7777777777777777777777777777777777777702'],
    ] as const)
      expect(await chains.bsc.public.getBalance({ address: to })).toBe(units(e.destinationAmount, 18));
    const payouts = await sql.query('select count(*)::int n from chain_payouts');
    expect(payouts.rows[0].n).toBe(2);
    run.proc.kill('SIGTERM');
    await run.exited;
  }, 180_000);
});
