import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../apps/api/src/db/client';
import { auditLedger } from '../../apps/api/src/modules/ledger/ledger.repository';
import { createDatabase, type Instance, request, startInstance, waitReady, xsrfFrom } from './harness';

// Crash safety: converts and guest exchanges run against the server on PostgreSQL; it is killed with
// SIGKILL mid-load and restarted; every operation it acknowledged is there and the ledger balances.
const BASE = process.env.DATABASE_URL;
const PORT = 8421;
const USERS = 6;

let db: Awaited<ReturnType<typeof createDatabase>>;
let server: Instance;
const env = () => ({
  DATABASE_URL: db.url,
  AUTH_RATE_LIMIT_MAX: '1000',
  GUEST_RATE_LIMIT_MAX: '1000',
  JWT_SECRET: 'crash-jwt-secret-0123456789abcdef0123456',
  COOKIE_SECRET: 'crash-cookie-secret-0123456789abcdef0123',
  DEMO_ADMIN_EMAIL: 'admin@crash.vaultline.test',
  DEMO_ADMIN_PASSWORD: 'crash-admin-password-1',
  DEMO_USER_EMAIL: 'user@crash.vaultline.test',
  DEMO_USER_PASSWORD: 'crash-user-password-1',
});
const url = `http://127.0.0.1:${PORT}`;

type Res = { status: number; content: unknown };
async function call(method: string, path: string, body?: unknown, token?: string): Promise<Res> {
  const res = await request(`${url}/api/${path}`, {
    method,
    ...(body === undefined ? {} : { body }),
    headers: {
      ...(method === 'GET' ? {} : await xsrfFrom(url)),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const json = res.body ? (JSON.parse(res.body) as { content: unknown }) : { content: null };
  return { status: res.status, content: json.content };
}

beforeAll(async () => {
  if (!BASE) throw new Error('The crash test needs DATABASE_URL (see README).');
  db = await createDatabase(BASE);
  server = startInstance('crash', PORT, env());
  await waitReady(url);
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  await server?.exited;
  await db?.drop();
}, 60_000);

describe('SIGKILL mid-load', () => {
  it('keeps every acknowledged conversion, deposit and exchange, and a balanced ledger', async () => {
    const wallets = (await call('GET', 'Wallets/list')).content as { id: string; ticker: string }[];
    const id = (t: string) => wallets.find((w) => w.ticker === t)?.id as string;
    const [usd, btc, eth] = [id('USD'), id('BTC'), id('ETH')];
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const s = await call('POST', 'Auth/signup', {
        firstName: 'Crash',
        lastName: `User${i}`,
        email: `crash-${i}-${randomUUID().slice(0, 8)}@example.com`,
        birthDay: '1990-01-01',
        password: 'crash-password-123',
      });
      expect(s.status).toBe(200);
      tokens.push((s.content as { jwToken: string }).jwToken);
    }
    const acked = { conversions: [] as string[], deposits: [] as string[], exchanges: [] as string[] };
    let stop = false;
    // A card deposit: the hosted checkout, then the test gateway's page. Its 303 back to the return
    // page is the gateway's acknowledgement that the money was taken.
    const cardDeposit = async (token: string) => {
      const d = await call('POST', 'Payment/card/checkout', { assetId: usd, amount: '300' }, token);
      if (d.status !== 200) return;
      const paid = await fetch(`${url}${(d.content as { url: string }).url}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }),
      });
      const id = new URL(paid.headers.get('location') ?? '/', url).searchParams.get('id');
      if (paid.status === 303 && id) acked.deposits.push(id);
    };
    const userLoop = async (token: string) => {
      while (!stop) {
        try {
          await cardDeposit(token);
          const lock = await call(
            'POST',
            'AssetConvert/lock',
            { leftAssetId: usd, rightAssetId: btc },
            token,
          );
          if (lock.status !== 200) continue;
          const c = await call(
            'POST',
            'AssetConvert/convert',
            { transactionLockId: (lock.content as { id: string }).id, amount: '120' },
            token,
          );
          if (c.status === 200) acked.conversions.push(c.content as string);
        } catch {
          // the server is gone: an unacknowledged operation may or may not have happened
        }
      }
    };
    const guestLoop = async () => {
      while (!stop) {
        try {
          const e = await call('POST', 'PublicExchange/createExchange', {
            sourceWalletId: btc,
            destinationWalletId: eth,
            amount: '0.01',
            userEmail: 'crash.guest@example.com',
            destinationWalletAddress: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
          });
          if (e.status === 200) acked.exchanges.push((e.content as { id: string }).id);
        } catch {
          // as above
        }
      }
    };
    const loops = [...tokens.map(userLoop), guestLoop(), guestLoop()];
    await new Promise((r) => setTimeout(r, 2500));
    server.child.kill('SIGKILL');
    await server.exited;
    stop = true;
    await Promise.all(loops);
    expect(acked.conversions.length).toBeGreaterThan(5);
    expect(acked.exchanges.length).toBeGreaterThan(5);

    // Restarted: the test gateway sends again the webhooks the killed server never answered, and
    // every card payment the gateway took is credited, once.
    server = startInstance('crash', PORT, env());
    await waitReady(url);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const unsettled = async () =>
      (
        await c.query(`
          select count(*)::int as n from test_gateway_sessions s
          join checkouts k on k.id::text = s.client_reference_id
          join deposits d on d.id = k.deposit_id
          where s.status = 'complete' and (d.status <> 1 or d.journal_entry_id is null)`)
      ).rows[0].n as number;
    const end = Date.now() + 30_000;
    while ((await unsettled()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 250));
    expect(await unsettled()).toBe(0);
    const cards = await c.query(`
      select count(*) filter (where d.status = 1 and d.journal_entry_id is null)::int as uncredited,
             count(*) filter (where d.status = 1)::int as credited,
             (select count(*)::int from test_gateway_sessions where status = 'complete' and mode = 'payment') as paid
      from deposits d where d.method = 'card'`);
    expect(cards.rows[0].uncredited).toBe(0);
    expect(cards.rows[0].credited).toBe(cards.rows[0].paid);
    const found = async (table: string, ids: string[], where = '') =>
      (await c.query(`select count(*)::int as n from ${table} where id = any($1::uuid[]) ${where}`, [ids]))
        .rows[0].n as number;
    expect(await found('conversions', acked.conversions, 'and status = 1')).toBe(acked.conversions.length);
    expect(await found('checkouts', acked.deposits, "and status = 'paid'")).toBe(acked.deposits.length);
    expect(await found('guest_exchanges', acked.exchanges)).toBe(acked.exchanges.length);
    // Every conversion has its ledger entry (and no entry lacks its conversion).
    const orphans = await c.query(`
      select (select count(*) from conversions v where not exists
                (select 1 from journal_entries j where j.id = v.journal_entry_id))::int as a,
             (select count(*) from journal_entries j where j.kind = 'convert' and not exists
                (select 1 from conversions v where v.lock_id::text = j.reference))::int as b`);
    await c.end();
    expect(orphans.rows[0]).toEqual({ a: 0, b: 0 });
    const database = await openPostgres(db.url, 2);
    try {
      expect(await auditLedger(database.db)).toEqual({ unbalanced: [], drift: [], negative: [] });
    } finally {
      await database.close();
    }
    // And it serves again.
    expect((await call('GET', 'Wallets', undefined, tokens[0])).status).toBe(200);
  }, 120_000);
});
