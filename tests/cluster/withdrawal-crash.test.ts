import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Chains,
  startChains,
  units,
  waitFor,
} from '../../apps/api/src/modules/chain/dev-chains.test-helpers';
import { createDatabase, root, waitReady } from './harness';

// A user's withdrawal is paid exactly once across a crash (issue 31, decision 0054): the API is
// killed (SIGKILL) between signing its payout and broadcasting it, and between broadcasting it and
// recording that; after a restart there is exactly one transaction on chain for each, of exactly the
// amount, and each withdrawal is completed once, its money out of the ledger once.
const BASE = process.env.DATABASE_URL;
const PORT = 8433;
const url = `http://127.0.0.1:${PORT}`;
const TO = ['0x9999999999999999999999999999999999999901', '0x9999999999999999999999999999999999999902'];
let db: Awaited<ReturnType<typeof createDatabase>>;
let chains: Chains;
let sql: pg.Client;
let child: ChildProcess | undefined;

function start(o: { crashAt?: 'sign' | 'broadcast'; withdrawTo?: string } = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/cluster/withdrawal-crash-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...chains.env,
      NODE_ENV: 'development',
      DEMO: 'false',
      DATABASE_URL: db.url,
      PORT: String(PORT),
      CHAIN_POLL_MS: '50',
      AUTO_PAYOUT_MAX_USD: '100000',
      AUTO_PAYOUT_DAILY_MAX_USD: '1000000',
      LOG_LEVEL: 'warn',
      CRASH_AT: o.crashAt ?? '',
      WITHDRAW_TO: o.withdrawTo ?? '',
      WITHDRAW_AMOUNT: '0.1',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_c, s) => resolve(s)));
  child = proc;
  return { proc, exited };
}

const row = async (q: string, params: unknown[] = []) => (await sql.query(q, params)).rows[0];
const payoutTo = (to: string) =>
  row(
    `select p.status, p.tx_hash, w.status as withdrawal, w.id from chain_payouts p
       join withdrawals w on w.payout_id = p.id where w.to_address = $1`,
    [to],
  );

beforeAll(async () => {
  if (!BASE) throw new Error('The withdrawal crash test needs DATABASE_URL (see README).');
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

describe('SIGKILL in the middle of a withdrawal’s payout', () => {
  it('between signing and broadcasting, then between broadcasting and recording: one transfer and one completion each', async () => {
    // 1. Killed right after the payout was stored signed: nothing was broadcast.
    let run = start({ crashAt: 'sign', withdrawTo: TO[0] });
    expect(await run.exited).toBe('SIGKILL');
    await sql.connect();
    const signed = await payoutTo(TO[0] as string);
    expect(signed).toMatchObject({ status: 'signed', withdrawal: 'queued' });
    await expect(chains.eth.public.getTransaction({ hash: signed.tx_hash as Hex })).rejects.toThrow();

    // 2. The restarted instance sends the stored transaction, the same bytes.
    run = start();
    await waitReady(url);
    await waitFor(async () => (await payoutTo(TO[0] as string))?.withdrawal === 'sent', 30_000, 'first sent');
    expect((await payoutTo(TO[0] as string)).tx_hash).toBe(signed.tx_hash);
    run.proc.kill('SIGTERM');
    await run.exited;

    // 3. Killed right after broadcasting the second withdrawal's payout, before recording that.
    run = start({ crashAt: 'broadcast', withdrawTo: TO[1] });
    expect(await run.exited).toBe('SIGKILL');
    const broadcast = await payoutTo(TO[1] as string);
    expect(broadcast.status).toBe('signed');
    const pending = await chains.eth.public.getTransaction({ hash: broadcast.tx_hash as Hex });
    expect(pending.blockNumber).toBeNull();

    run = start();
    await waitReady(url);
    await waitFor(
      async () => (await payoutTo(TO[1] as string))?.withdrawal === 'sent',
      30_000,
      'second sent',
    );
    // Mined and confirmed (2 confirmations): each withdrawal completes only then.
    await chains.eth.mine(2);
    for (const to of TO)
      await waitFor(async () => (await payoutTo(to))?.withdrawal === 'completed', 30_000, `${to} completed`);

    // Exactly two transactions left the hot wallet, each of exactly the amount.
    expect(await chains.eth.public.getTransactionCount({ address: chains.hot.ETH as Hex })).toBe(2);
    for (const to of TO)
      expect(await chains.eth.public.getBalance({ address: to as Hex })).toBe(units('0.1', 18));
    expect((await row('select count(*)::int n from chain_payouts')).n).toBe(2);
    expect((await row(`select count(*)::int n from withdrawals where status = 'completed'`)).n).toBe(2);
    // Each withdrawal's money left the ledger once; nothing is held any more.
    expect((await row(`select count(*)::int n from journal_entries where kind = 'withdrawal'`)).n).toBe(2);
    expect(
      (await row(`select coalesce(sum(balance), 0) = 0 as z from ledger_accounts where kind = 'held'`)).z,
    ).toBe(true);
    run.proc.kill('SIGTERM');
    await run.exited;
  }, 240_000);
});
