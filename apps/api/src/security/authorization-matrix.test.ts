import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodObject, ZodRawShape } from 'zod';
import { passkeys, sessionFactors, users } from '../db/schema';
import { assetId, fund, makeUser } from '../modules/ledger/ledger.test-helpers';
import { newSoftPasskey } from '../modules/two-factor/soft-authenticator.test-helpers';
import { proof, setRule, usableAddress } from '../modules/withdrawals/withdrawals.test-helpers';
import type { TestApp } from '../test/test-app';
import { appWithRouteTable, type TableRoute } from './route-table';

/**
 * The authorization matrix (issue: reliability and security, point 3). Every route of the route
 * table is called as a guest, a user, another user, a premium user, an admin and a disabled user;
 * the answer expected from each is the route's own declaration, `config.access`, next to the route.
 * Routes that read one caller's resource by its id are declared in OWNED below, each with a case
 * proving that another user gets "not found"; a new such route missing there fails the test.
 */
type Access = 'public' | 'user' | 'premium' | 'admin' | 'partner' | 'partner area';
interface Route extends TableRoute {
  /** Names of the inputs that carry an id (query, params, body). */
  idInputs: string[];
}
type Who = 'guest' | 'user' | 'other user' | 'premium user' | 'admin' | 'disabled user';

const idKeys = (schema: unknown): string[] => {
  const shape = (schema as ZodObject<ZodRawShape> | undefined)?.shape;
  return shape ? Object.keys(shape).filter((k) => k === 'id' || /Id$/.test(k)) : [];
};

/** What each caller must (not) get, per declared access. "ok" = neither 401 nor 403. */
const EXPECTED: Record<Access, Record<Who, 401 | 403 | 'ok'>> = {
  public: {
    guest: 'ok',
    user: 'ok',
    'other user': 'ok',
    'premium user': 'ok',
    admin: 'ok',
    'disabled user': 'ok',
  },
  user: {
    guest: 401,
    user: 'ok',
    'other user': 'ok',
    'premium user': 'ok',
    admin: 'ok',
    'disabled user': 403,
  },
  premium: {
    guest: 401,
    user: 403,
    'other user': 403,
    'premium user': 'ok',
    admin: 403,
    'disabled user': 403,
  },
  admin: {
    guest: 401,
    user: 403,
    'other user': 403,
    'premium user': 403,
    admin: 'ok',
    'disabled user': 403,
  },
  // The partner API (/api/v1): an API key only; a session token is no key (401 API_KEY_INVALID).
  partner: {
    guest: 401,
    user: 401,
    'other user': 401,
    'premium user': 401,
    admin: 401,
    'disabled user': 401,
  },
  // The partner area (/api/partner/*, access 'user' + requirePartner): none of these is a partner.
  'partner area': {
    guest: 401,
    user: 403,
    'other user': 403,
    'premium user': 403,
    admin: 403,
    'disabled user': 403,
  },
};
/** A route's row of the matrix: by its path for the partner area, else its declared access. */
const accessOf = (r: TableRoute): Access =>
  r.url === '/api/partner' || r.url.startsWith('/api/partner/') ? 'partner area' : r.access;

let t: TestApp;
let routes: Route[];
const tokens = {} as Record<Who, string | undefined>;
const ids = {} as Record<Who, string>;

beforeAll(async () => {
  const table = await appWithRouteTable({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  t = table.t;
  routes = table.routes.map((r) => ({
    ...r,
    idInputs: [...idKeys(r.schema.querystring), ...idKeys(r.schema.params), ...idKeys(r.schema.body)],
  }));
  const made = {
    user: await makeUser(t),
    'other user': await makeUser(t),
    'premium user': await makeUser(t, { premium: true }),
    admin: await makeUser(t, { role: 'admin' }),
    'disabled user': await makeUser(t),
  };
  await t.services.db.update(users).set({ status: -1 }).where(eq(users.id, made['disabled user'].id));
  tokens.guest = undefined;
  for (const [who, u] of Object.entries(made)) {
    tokens[who as Who] = u.token;
    ids[who as Who] = u.id;
  }
}, 120_000);
afterAll(() => t?.close());

/**
 * Routes reading or changing one user's resource by id: how to make one as `user`, and the call
 * that `other user` must not be able to make with it.
 */
const OWNED: Record<string, (owner: string) => Promise<{ method: string; url: string; payload?: object }>> = {
  'GET /api/AssetConvert/lock': async (owner) => ({
    method: 'GET',
    url: `/api/AssetConvert/lock?id=${await lockOf(owner)}`,
  }),
  'DELETE /api/AssetConvert/lock': async (owner) => ({
    method: 'DELETE',
    url: `/api/AssetConvert/lock?id=${await lockOf(owner)}`,
  }),
  'POST /api/AssetConvert/convert': async (owner) => ({
    method: 'POST',
    url: '/api/AssetConvert/convert',
    payload: { transactionLockId: await lockOf(owner), amount: '150' },
  }),
  'GET /api/AssetConvert/transaction': async (owner) => {
    const lock = await lockOf(owner);
    const res = await t.request({
      method: 'POST',
      url: '/api/AssetConvert/convert',
      token: owner,
      payload: { transactionLockId: lock, amount: '150' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { method: 'GET', url: `/api/AssetConvert/transaction?id=${res.json().content}` };
  },
  'GET /api/Payment/checkout/:id': async (owner) => ({
    method: 'GET',
    url: `/api/Payment/checkout/${await checkoutOf(owner)}`,
  }),
  'POST /api/Payment/checkout/:id/cancel': async (owner) => ({
    method: 'POST',
    url: `/api/Payment/checkout/${await checkoutOf(owner)}/cancel`,
  }),
  // Removing a passkey needs a recent second factor: the owner's session gave one just now.
  'DELETE /api/User/passkeys/:id': async (owner) => {
    const { sub, sid } = decodeJwt(owner) as { sub: string; sid: string };
    const key = newSoftPasskey();
    const [row] = await t.services.db
      .insert(passkeys)
      .values({
        userId: sub,
        credentialId: key.credentialId.toString('base64url'),
        publicKey: key.publicKeyCose,
        name: 'k',
      })
      .returning({ id: passkeys.id });
    await t.services.db
      .insert(sessionFactors)
      .values({ familyId: sid, userId: sub, verifiedAt: new Date() })
      .onConflictDoUpdate({ target: sessionFactors.familyId, set: { verifiedAt: new Date() } });
    return { method: 'DELETE', url: `/api/User/passkeys/${row?.id}` };
  },
  'DELETE /api/Withdrawals/addresses/:id': async (owner) => ({
    method: 'DELETE',
    url: `/api/Withdrawals/addresses/${(await usableAddress(t, subOf(owner))).id}`,
  }),
  'GET /api/Withdrawals/:id': async (owner) => ({
    method: 'GET',
    url: `/api/Withdrawals/${await withdrawalOf(owner)}`,
  }),
  'POST /api/Withdrawals/:id/cancel': async (owner) => ({
    method: 'POST',
    url: `/api/Withdrawals/${await withdrawalOf(owner)}/cancel`,
  }),
  // The owner's address, with a factor given in the request (the other user has none: 403).
  'POST /api/Withdrawals': async (owner) => {
    await withdrawable(owner);
    const key = newSoftPasskey();
    await t.services.db.insert(passkeys).values({
      userId: subOf(owner),
      credentialId: key.credentialId.toString('base64url'),
      publicKey: key.publicKeyCose,
      name: 'w',
    });
    return {
      method: 'POST',
      url: '/api/Withdrawals',
      payload: {
        assetId: await assetId(t, 'ETH'),
        amount: '0.01',
        addressId: (await usableAddress(t, subOf(owner))).id,
        twoFactor: await proof(t, owner, key),
      },
    };
  },
};

const subOf = (token: string) => (decodeJwt(token) as { sub: string }).sub;

/** The owner can withdraw ETH: funded, the asset open, first withdrawals not held for review. */
async function withdrawable(owner: string) {
  await setRule(t, 'ETH', { fee: '0.0005', minimum: '0.001' });
  await fund(t, subOf(owner), 'ETH', '1');
}

async function withdrawalOf(owner: string): Promise<string> {
  await withdrawable(owner);
  const a = await usableAddress(t, subOf(owner));
  const w = await t.services.withdrawals.request(subOf(owner), {
    assetId: await assetId(t, 'ETH'),
    amount: '0.01',
    addressId: a.id,
  });
  return w.id;
}

/** A card deposit's checkout of this user (its id comes back in the hosted page's session). */
async function checkoutOf(token: string): Promise<string> {
  const list = (await t.request({ method: 'GET', url: '/api/Wallets/list' })).json().content as {
    id: string;
    ticker: string;
  }[];
  const res = await t.request({
    method: 'POST',
    url: '/api/Payment/card/checkout',
    token,
    payload: { assetId: list.find((w) => w.ticker === 'USD')?.id, amount: '10' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = await t.services.payments.test?.session(
    String(res.json().content.url).split('/').pop() ?? '',
  );
  return session?.clientReferenceId ?? '';
}

async function lockOf(token: string): Promise<string> {
  const list = (await t.request({ method: 'GET', url: '/api/Wallets/list' })).json().content as {
    id: string;
    ticker: string;
  }[];
  const id = (x: string) => list.find((w) => w.ticker === x)?.id;
  const res = await t.request({
    method: 'POST',
    url: '/api/AssetConvert/lock',
    token,
    payload: { leftAssetId: id('USD'), rightAssetId: id('BTC') },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().content.id;
}

describe('the authorization matrix, from the route table', () => {
  it('finds the routes', () => {
    expect(routes.length).toBeGreaterThan(60);
    for (const access of ['public', 'user', 'premium', 'admin'] as const)
      expect(
        routes.some((r) => r.access === access),
        access,
      ).toBe(true);
  });

  it('answers each caller as the route declares (guest, user, other user, premium, admin, disabled)', async () => {
    const wrong: string[] = [];
    for (const r of routes) {
      const url = r.url.replace(/:\w+/g, randomUUID());
      for (const who of Object.keys(EXPECTED[accessOf(r)]) as Who[]) {
        const token = tokens[who];
        const res = await t.request({
          method: r.method,
          url,
          ...(token ? { token } : {}),
          ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = EXPECTED[accessOf(r)][who];
        const s = res.statusCode;
        // A route that needs a second factor lets the caller in and then asks for one (issue 30):
        // 403 TWO_FACTOR_REQUIRED to an account without one, 401 TWO_FACTOR_NEEDED to one that has.
        const stepUpAnswer = r.stepUp !== undefined && /"code":"TWO_FACTOR_(REQUIRED|NEEDED)"/.test(res.body);
        const good =
          want === 'ok'
            ? stepUpAnswer || ((s !== 401 || r.ownCredential) && s !== 403 && s < 500)
            : // An in-query route checks the account in its statement, after the input: a disabled
              // account with a malformed body is refused as malformed (it learns nothing else).
              s === want || (r.inQuery && who === 'disabled user' && s === 400);
        if (!good) wrong.push(`${r.method} ${r.url} as ${who}: ${s} (expected ${want})`);
        if (s >= 500) wrong.push(`${r.method} ${r.url} as ${who}: ${s} ${res.body.slice(0, 200)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it("declares every user route that takes an id in OWNED, and another user cannot use the owner's", async () => {
    const withIds = routes
      .filter((r) => (r.access === 'user' || r.access === 'premium') && r.idInputs.length > 0)
      // The partner area's ids (keys, endpoints) are checked per partner by the partners' own tests.
      .filter((r) => accessOf(r) !== 'partner area')
      // Asset and country ids name public things, not the caller's resources.
      .filter((r) => r.idInputs.some((k) => !/asset|country/i.test(k)))
      .map((r) => `${r.method} ${r.url}`);
    expect(withIds.sort()).toEqual(Object.keys(OWNED).sort());
    const owner = tokens.user as string;
    const other = tokens['other user'] as string;
    await fund(t, ids.user, 'USD', '10000');
    await fund(t, ids['other user'], 'USD', '10000');
    for (const [name, make] of Object.entries(OWNED)) {
      const call = await make(owner);
      const theirs = await t.request({ ...call, token: other });
      expect([404, 403], `${name} as another user: ${theirs.statusCode} ${theirs.body}`).toContain(
        theirs.statusCode,
      );
      const mine = await t.request({ ...call, token: owner });
      expect(mine.statusCode, `${name} as its owner: ${mine.body}`).toBe(200);
    }
  }, 60_000);
});
