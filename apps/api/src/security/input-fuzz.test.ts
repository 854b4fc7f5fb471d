import { errorEnvelopeSchema } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createUser, PASSWORD, session } from '../modules/auth/auth.test-helpers';
import {
  ADDR,
  BTC_HASH,
  createOk,
  ETH_HASH,
  newBtcHash,
  prepareAssets,
  validCreate,
} from '../modules/exchange/exchange.test-helpers';
import { fund } from '../modules/ledger/ledger.test-helpers';
import type { TestApp } from '../test/test-app';
import { type FuzzPool, type FuzzRequest, requestArb } from './fuzz-requests';
import { appWithRouteTable, countChanges, type TableRoute, tableCounts } from './route-table';

/**
 * Bad input, generated (issue: reliability and security, point 4). Every route of the route table
 * gets bodies, query strings and path params of wrong types, huge strings, odd numbers, unicode,
 * prototype-pollution keys, extra fields, arrays instead of objects and deep nesting, as a guest, a
 * user and an admin. Each answer must be below 500, a refusal must be the JSON error envelope, and
 * a refused call must store nothing (row counts of every table before and after). Fixed seed;
 * FUZZ_RUNS raises the runs per route and caller, FUZZ_SEED changes the seed.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_514);
type Who = 'guest' | 'user' | 'admin';

let t: TestApp;
let routes: TableRoute[];
let pool: FuzzPool;
const people = {} as Record<Exclude<Who, 'guest'>, { id: string; email: string }>;

beforeAll(async () => {
  ({ t, routes } = await appWithRouteTable());
  // The background jobs (prices, expiry, mail) write on their own; stopped, every write is a request's.
  await t.services.lifecycle.stop();
  const user = await createUser(t, { email: 'fuzz.user@example.test' });
  const admin = await createUser(t, { email: 'fuzz.admin@example.test', role: 'admin' });
  const victim = await createUser(t, { email: 'fuzz.victim@example.test' });
  const idOf = async (email: string) =>
    (await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? '';
  people.user = { id: await idOf(user.email), email: user.email };
  people.admin = { id: await idOf(admin.email), email: admin.email };
  const userToken = (await session(t, user.email, PASSWORD)).token;

  // Real things for the generated requests to name: assets, a lock, a conversion, exchanges, a
  // deposit, a bank account and a user (the victim, whom admin calls may change).
  const a = await prepareAssets(t);
  await fund(t, people.user.id, 'USD', '100000');
  const call = async (method: string, url: string, payload?: object) => {
    const res = await t.request({
      method: method as 'POST',
      url,
      token: userToken,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().content;
  };
  const lock = (await call('POST', '/api/AssetConvert/lock', { leftAssetId: a.usd, rightAssetId: a.btc })).id;
  const used = (await call('POST', '/api/AssetConvert/lock', { leftAssetId: a.usd, rightAssetId: a.eth })).id;
  const conversion = await call('POST', '/api/AssetConvert/convert', {
    transactionLockId: used,
    amount: '150',
  });
  const awaiting = await createOk(t, validCreate(a));
  const pending = await createOk(t, validCreate(a));
  await call('POST', '/api/PublicExchange/confirmTransaction', {
    exchangeId: pending,
    transactionHash: BTC_HASH,
  });
  const deposit = await call('POST', '/api/Payment/crypto/notify', {
    assetId: a.btc,
    amount: '0.5',
    transactionHash: newBtcHash(),
  });
  await call('POST', '/api/User/iban', { iban: 'DE89370400440532013000' });
  const adminToken = (await session(t, admin.email, PASSWORD)).token;
  const banks = await t.request({ method: 'GET', url: '/api/Admin/pendingBankAccounts', token: adminToken });
  const bank = (banks.json().content as { id: string }[])[0]?.id;
  pool = {
    ids: [
      ...Object.values(a),
      lock,
      used,
      conversion,
      awaiting,
      pending,
      deposit,
      await idOf(victim.email),
      bank ?? '',
    ],
    hints: {
      email: ['someone@example.com', victim.email, 'fuzz.user@example.test'],
      userEmail: ['guest@example.com'],
      amount: ['0.01', '150', '2', '0.000000001'],
      destinationWalletAddress: [ADDR.ETH, ADDR.BTC, ADDR.XRP],
      refundWalletAddress: [ADDR.BTC],
      senderWalletAddress: [ADDR.BTC],
      address: [ADDR.BTC, ADDR.ETH],
      transactionHash: [BTC_HASH, ETH_HASH],
      payoutHash: [ETH_HASH],
      iban: ['DE89370400440532013000', 'GB82WEST12345698765432'],
      ticker: ['BTC', 'ETH', 'USD', 'btc'],
      password: ['wrong-password-1'],
      currentPassword: ['wrong-password-1'],
      newPassword: ['another-password-2'],
      token: ['not-a-reset-token'],
    },
  };
}, 120_000);
afterAll(() => t?.close());

/** A fresh token for a caller (an earlier call may have changed their token version or status). */
async function tokenOf(who: Who): Promise<string | undefined> {
  if (who === 'guest') return undefined;
  const p = people[who];
  const [row] = await t.services.db.update(users).set({ status: 1 }).where(eq(users.id, p.id)).returning();
  if (!row) throw new Error(`no ${who}`);
  return t.services.tokens.sign({ sub: row.id, role: row.role, premium: false, ver: row.tokenVersion });
}

function send(req: FuzzRequest, token: string | undefined) {
  const xsrf = 'fuzz-xsrf';
  return t.app.inject({
    method: req.method as 'POST',
    url: req.url,
    headers: {
      'x-xsrf-token': xsrf,
      cookie: `XSRF-TOKEN=${xsrf}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(req.body ? { 'content-type': req.body.contentType } : {}),
    },
    ...(req.body ? { payload: req.body.text } : {}),
  });
}

/** What is wrong with one answer (nothing: null). */
function problemWith(res: Awaited<ReturnType<typeof send>>): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type'] ?? '').includes('application/json'))
    return `${res.statusCode} without JSON: ${res.headers['content-type']}`;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (!parsed.success) return `${res.statusCode} not the error envelope: ${res.body.slice(0, 300)}`;
  if (parsed.data.error.status !== res.statusCode)
    return `envelope status ${parsed.data.error.status} on a ${res.statusCode}`;
  return null;
}

const short = (r: FuzzRequest) =>
  `${r.method} ${r.url.slice(0, 300)}${r.body ? ` [${r.body.contentType}] ${r.body.text.slice(0, 300)}` : ''}`;

describe('bad input to every route, as a guest, a user and an admin', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('never answers 5xx, refuses with the error envelope and stores nothing when it refuses', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;
    for (const route of routes) {
      for (const who of ['guest', 'user', 'admin'] as const) {
        const token = await tokenOf(who);
        const seed = SEED + index++;
        const property = fc.asyncProperty(requestArb(route, pool), async (req) => {
          // Work an earlier accepted call started after its answer (a reset link) lands first.
          await t.services.auth.idle();
          const before = await tableCounts(t);
          const res = await send(req, token);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = problemWith(res);
          if (problem) throw new Error(problem);
          if (res.statusCode >= 400) {
            const changed = countChanges(before, await tableCounts(t));
            if (changed.length > 0)
              throw new Error(`refused (${res.statusCode}) yet stored: ${changed.join(', ')}`);
          }
        });
        const out = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: !process.env.FUZZ_SHRINK });
        if (out.failed && out.counterexample) {
          const [req] = out.counterexample;
          failures.push(
            `${route.method} ${route.url} as ${who} (seed ${seed}): ${String(out.errorInstance)}\n    ${short(req)}`,
          );
        }
      }
    }
    // Nothing the server parsed may have reached Object.prototype.
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
    expect(failures).toEqual([]);
    // The generated input reached the services, not only the schemas (answers other than 400).
    expect([...statuses.keys()].some((s) => s === 404 || s === 409 || s === 402)).toBe(true);
    console.log(
      `fuzz: ${[...statuses.values()].reduce((x, y) => x + y, 0)} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  }, 600_000);
});
