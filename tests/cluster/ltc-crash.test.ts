import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../apps/api/src/modules/chain/dev-chains.test-helpers';
import {
  type LtcPayoutChains,
  startLtcPayoutChains,
} from '../../apps/api/src/modules/chain/utxo/ltc.payouts.test-helpers';
import { createDatabase, root, waitReady } from './harness';

// A batch of LTC payouts is paid exactly once across a crash (decision 0055): the API is killed
// (SIGKILL) right after the batch is stored signed, before it is broadcast; after a restart the same
// bytes go out, and the chain holds that one transaction, paying each payout exactly once.
const BASE = process.env.DATABASE_URL;
const PORT = 8437;
const url = `http://127.0.0.1:${PORT}`;
let db: Awaited<ReturnType<typeof createDatabase>>;
let chains: LtcPayoutChains;
let sql: pg.Client;
let child: ChildProcess | undefined;

function start(o: { crashAt?: 'sign'; payTo?: string[] } = {}) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'tests/cluster/ltc-crash-server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...chains.env,
      NODE_ENV: 'development',
      DEMO: 'false',
      DATABASE_URL: db.url,
      PORT: String(PORT),
      CHAIN_POLL_MS: '50',
      LOG_LEVEL: 'warn',
      CRASH_AT: o.crashAt ?? '',
      PAY_TO: (o.payTo ?? []).join(','),
      PAY_AMOUNT: '0.1',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => proc.once('exit', (_c, s) => resolve(s)));
  child = proc;
  return { proc, exited };
}

const rows = async (q: string, params: unknown[] = []) => (await sql.query(q, params)).rows;

beforeAll(async () => {
  if (!BASE) throw new Error('The LTC crash test needs DATABASE_URL (see README).');
  db = await createDatabase(BASE);
  chains = await startLtcPayoutChains({ confirmations: 2 });
  sql = new pg.Client({ connectionString: db.url });
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await sql?.end().catch(() => undefined);
  await chains?.stop();
  await db?.drop();
}, 60_000);

describe('SIGKILL between signing a batch of LTC payouts and broadcasting it', () => {
  it('ends in that one transaction on chain, each payout paid once', async () => {
    // Funded in the newest block, which the scanner reads first when it starts.
    await chains.ltc.rpc.call('sendtoaddress', [chains.hot, '2']);
    await chains.ltc.mine(1);
    const to = await Promise.all(
      [1, 2, 3].map(() => chains.ltc.rpc.call<string>('getnewaddress', ['', 'bech32'])),
    );
    let run = start({ crashAt: 'sign', payTo: to });
    // The hot wallet pays from final outputs only (2 confirmations here): one more block once the
    // scanner has recorded the funding.
    await sql.connect();
    // (The table exists once the server has migrated the database.)
    const seen = () =>
      rows('select 1 from chain_utxos').then(
        (r) => r.length > 0,
        () => false,
      );
    await waitFor(seen, 120_000, 'funding seen');
    await chains.ltc.mine(1);
    expect(await run.exited).toBe('SIGKILL');
    const [batch] = await rows('select id, status, attempts from chain_payout_batches');
    expect(batch?.status).toBe('signed');
    const { txid } = JSON.parse(batch.attempts)[0] as { txid: string };
    // Nothing was broadcast: the node does not know the transaction.
    await expect(chains.ltc.rpc.call('getrawtransaction', [txid, true])).rejects.toThrow();
    const signed = await rows('select status, tx_hash from chain_payouts');
    expect(signed.map((p) => [p.status, p.tx_hash])).toEqual(Array(3).fill(['signed', txid]));

    run = start();
    await waitReady(url);
    await waitFor(
      async () => (await rows(`select 1 from chain_payouts where status = 'sent'`)).length === 3,
      30_000,
      'sent',
    );
    const pooled = await chains.ltc.rpc.call<string[]>('getrawmempool');
    expect(pooled).toEqual([txid]);
    await chains.ltc.mine(2);
    await waitFor(
      async () => (await rows(`select 1 from chain_payouts where status = 'confirmed'`)).length === 3,
      30_000,
      'confirmed',
    );
    // One batch, one transaction, each address paid exactly 0.1 LTC once.
    expect(await rows('select count(*)::int n from chain_payout_batches')).toEqual([{ n: 1 }]);
    expect((await rows('select distinct tx_hash from chain_payouts')).map((r) => r.tx_hash)).toEqual([txid]);
    for (const a of to)
      expect(await chains.ltc.rpc.call<string>('getreceivedbyaddress', [a, 1])).toBe('0.10000000');
    expect(await rows(`select count(*)::int n from journal_entries where kind = 'chain_fee'`)).toEqual([
      { n: 1 },
    ]);
    run.proc.kill('SIGTERM');
    await run.exited;
  }, 240_000);
});
