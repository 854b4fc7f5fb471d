import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFactors } from '../../db/schema';
import { appWithRouteTable, type TableRoute } from '../../security/route-table';
import type { TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { authenticationResponse, type SoftPasskey } from './soft-authenticator.test-helpers';
import { enableTotp, signedIn, totpCode } from './two-factor.test-helpers';

// Every action the issue lists, as routes: a new one needing a factor is added here on purpose.
const REQUIRED = [
  'POST /api/Admin/chains/payouts/:id/send',
  'POST /api/Admin/chains/payouts/:id/retry',
  'POST /api/Admin/chains/payouts/:id/bump',
  'POST /api/Admin/chains/deposits/:id/refund',
  'POST /api/Admin/chains/:network/operatorTransfers',
  'POST /api/Admin/chains/:network/sweeps',
  'POST /api/Admin/chains/:network/sweeps/:id/signed',
  'POST /api/Admin/chains/:network/sweeps/:id/rebroadcast',
  'POST /api/Admin/chains/:network/sweeps/:id/abandon',
  'POST /api/Admin/deposits/:id/refund',
  'POST /api/Admin/premium/payments/:id/refund',
  'POST /api/Admin/anonymousExchanges/refund',
  'POST /api/Admin/minimumTransactionAmount',
  'POST /api/Admin/conversionFee',
  'POST /api/Admin/partners/:userId',
  'POST /api/Admin/users/:id/2fa/reset',
  'POST /api/User/2fa/totp/disable',
  'DELETE /api/User/passkeys/:id',
  'POST /api/Withdrawals/addresses',
  'POST /api/Admin/withdrawals/:id/sent',
  'POST /api/Admin/withdrawals/:id/approve',
  'POST /api/Admin/withdrawals/sepa-batches',
  'POST /api/Admin/withdrawals/sepa-batches/:id/paid',
  'PUT /api/Admin/withdrawals/rules/:assetId',
];
// A factor given with the very request, whatever the session gave (money out, decision 0054).
const ALWAYS = ['POST /api/Withdrawals'];
const IF_ENROLLED = [
  'POST /api/User/changePassword',
  'POST /api/partner/keys',
  'POST /api/partner/webhooks',
  'POST /api/User/2fa/totp/setup',
  'POST /api/User/2fa/totp/enable',
  'POST /api/User/passkeys/options',
  'POST /api/User/passkeys',
];

let t: TestApp;
let routes: TableRoute[];
beforeAll(async () => {
  ({ t, routes } = await appWithRouteTable({ env: { ADMIN_REQUIRE_2FA: 'true' } }));
});
afterAll(() => t.close());

const key = (r: TableRoute) => `${r.method} ${r.url}`;
const call = (r: TableRoute, token: string, payload?: object) =>
  t.request({
    method: r.method as 'POST',
    url: r.url.replace(/:\w+/g, randomUUID()),
    token,
    ...(r.method === 'GET' ? {} : { payload: payload ?? {} }),
  });
const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;

/** The same admin with a session that gave no factor (signed in before, or elsewhere). */
async function staleToken(id: string) {
  return t.services.tokens.sign({ sub: id, role: 'admin', premium: false, ver: 0, sid: randomUUID() });
}

async function passkeyProof(token: string, passkey: SoftPasskey) {
  const options = await t.request({ method: 'POST', url: '/api/User/2fa/passkey/options', token });
  return { passkey: authenticationResponse(passkey, options.json().content, t.app.config.publicUrl) };
}

describe('step-up and ADMIN_REQUIRE_2FA, from the route table', () => {
  it('the routes that need a second factor are exactly the listed ones', () => {
    expect(
      routes
        .filter((r) => r.stepUp === 'required')
        .map(key)
        .sort(),
    ).toEqual([...REQUIRED].sort());
    expect(
      routes
        .filter((r) => r.stepUp === 'ifEnrolled')
        .map(key)
        .sort(),
    ).toEqual([...IF_ENROLLED].sort());
    expect(routes.filter((r) => r.stepUp === 'always').map(key)).toEqual(ALWAYS);
  });

  it('ADMIN_REQUIRE_2FA: every admin route answers 403 TWO_FACTOR_REQUIRED to an admin without a factor, and not to one with', async () => {
    const bare = await makeUser(t, { role: 'admin', twoFactor: false });
    const with2fa = await makeUser(t, { role: 'admin' });
    const admin = routes.filter((r) => r.access === 'admin');
    expect(admin.length).toBeGreaterThan(40);
    for (const r of admin) {
      const res = await call(r, bare.token);
      expect([key(r), res.statusCode, codeOf(res)]).toEqual([key(r), 403, 'TWO_FACTOR_REQUIRED']);
      const ok = await call(r, with2fa.token);
      expect([key(r), codeOf(ok)]).not.toEqual([key(r), 'TWO_FACTOR_REQUIRED']);
      expect([key(r), codeOf(ok)]).not.toEqual([key(r), 'TWO_FACTOR_NEEDED']);
    }
  });

  it('each admin action: 401 TWO_FACTOR_NEEDED without a recent factor, let through with `twoFactor` or after one', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const stale = await staleToken(admin.id);
    for (const r of routes.filter((x) => x.stepUp === 'required' && x.access === 'admin')) {
      await t.services.db.delete(sessionFactors);
      const refused = await call(r, stale);
      expect([key(r), refused.statusCode, codeOf(refused)]).toEqual([key(r), 401, 'TWO_FACTOR_NEEDED']);
      const given = await call(r, stale, {
        twoFactor: await passkeyProof(stale, admin.passkey as SoftPasskey),
      });
      expect([key(r), codeOf(given)]).not.toEqual([key(r), 'TWO_FACTOR_NEEDED']);
      expect([key(r), codeOf(given)]).not.toEqual([key(r), 'TWO_FACTOR_INVALID']);
    }
    // The factor given in a request counts for its session for 10 minutes (given here with a valid
    // input: a request the route refuses spends none).
    await t.services.db.delete(sessionFactors);
    const first = await t.request({
      method: 'POST',
      url: '/api/Admin/conversionFee',
      token: stale,
      payload: { feeRate: '0.004', twoFactor: await passkeyProof(stale, admin.passkey as SoftPasskey) },
    });
    expect(first.statusCode).toBe(200);
    const fee = await t.request({
      method: 'POST',
      url: '/api/Admin/conversionFee',
      token: stale,
      payload: { feeRate: '0.004' },
    });
    expect(fee.statusCode).toBe(200);
    const other = await staleToken(admin.id);
    const again = await t.request({
      method: 'POST',
      url: '/api/Admin/conversionFee',
      token: other,
      payload: { feeRate: '0.004' },
    });
    expect(codeOf(again)).toBe('TWO_FACTOR_NEEDED');
  });

  it('without ADMIN_REQUIRE_2FA, an admin without a factor still gets 403 TWO_FACTOR_REQUIRED on the listed actions only', async () => {
    const { t: open, routes: table } = await appWithRouteTable();
    try {
      const bare = await makeUser(open, { role: 'admin', twoFactor: false });
      const fee = await open.request({ method: 'GET', url: '/api/Admin/conversionFee', token: bare.token });
      expect(fee.statusCode).toBe(200);
      for (const r of table.filter((x) => x.stepUp === 'required' && x.access === 'admin')) {
        const res = await open.request({
          method: r.method as 'POST',
          url: r.url.replace(/:\w+/g, randomUUID()),
          token: bare.token,
          payload: {},
        });
        expect([key(r), res.statusCode, codeOf(res)]).toEqual([key(r), 403, 'TWO_FACTOR_REQUIRED']);
      }
    } finally {
      await open.close();
    }
  });

  // New API keys and webhooks are in the list above; they answer NOT_PARTNER to a plain user first.
  it('a user’s password change and new passkey: free without a factor, 401 with one not given, through with a code', async () => {
    const u = await signedIn(t);
    const payloads: Record<string, object> = {
      'POST /api/User/passkeys/options': {},
      'POST /api/User/changePassword': { currentPassword: u.password, newPassword: 'another-long-password' },
    };
    // The password change last: it ends the session's tokens.
    const targets = routes
      .filter((r) => key(r) in payloads)
      .sort((a) => (key(a).includes('changePassword') ? 1 : -1));
    for (const r of targets) {
      const res = await call(r, u.token, payloads[key(r)]);
      expect([key(r), codeOf(res)]).not.toEqual([key(r), 'TWO_FACTOR_NEEDED']);
    }
    const v = await signedIn(t);
    const { secret } = await enableTotp(t, v.token);
    let step = 0;
    for (const r of targets) {
      const body = { ...payloads[key(r)], currentPassword: v.password };
      // The factor given for the route before counts for the session: start each route without it.
      await t.services.db.delete(sessionFactors);
      const refused = await call(r, v.token, body);
      expect([key(r), refused.statusCode, codeOf(refused)]).toEqual([key(r), 401, 'TWO_FACTOR_NEEDED']);
      const wrong = await call(r, v.token, {
        ...body,
        twoFactor: { code: '000000' === totpCode(secret) ? '111111' : '000000' },
      });
      expect([key(r), codeOf(wrong)]).toEqual([key(r), 'TWO_FACTOR_INVALID']);
      // One code per step (a code is accepted once): each request uses the next step.
      const code = totpCode(secret, Date.now() + 30_000 * step++);
      const given = await call(r, v.token, { ...body, twoFactor: { code } });
      expect([key(r), codeOf(given)]).not.toEqual([key(r), 'TWO_FACTOR_NEEDED']);
      expect([key(r), codeOf(given)]).not.toEqual([key(r), 'TWO_FACTOR_INVALID']);
    }
  });
});
