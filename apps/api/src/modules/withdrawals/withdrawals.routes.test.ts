import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, withdrawalAddresses } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import type { SoftPasskey } from '../two-factor/soft-authenticator.test-helpers';
import { moveWithdrawal } from './withdrawal-moves';
import {
  approvedBank,
  auditClean,
  ETH_ADDRESS,
  money,
  proof,
  setRule,
  usableAddress,
  withdrawalCount,
} from './withdrawals.test-helpers';

let t: TestApp;
let eth: string;
let eur: string;
beforeAll(async () => {
  // Outside demo mode's zero waits: a new address waits 24 h, a lock lasts 24 h.
  t = await createTestApp({
    env: {
      WITHDRAWAL_ADDRESS_HOLD_HOURS: '24',
      WITHDRAWAL_LOCK_HOURS: '24',
      WITHDRAWAL_REVIEW_FIRST: 'false',
    },
  });
  eth = await assetId(t, 'ETH');
  eur = await assetId(t, 'EUR');
  await setRule(t, 'ETH', { fee: '0.0005', minimum: '0.001' });
  await setRule(t, 'EUR', { fee: '1', minimum: '10' });
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, payload: object) =>
  t.request({ method: 'POST', url, ...(token ? { token } : {}), payload });
const codeOf = (res: { json(): unknown }) => (res.json() as { error?: { code?: string } }).error?.code;

async function richUser() {
  const u = await makeUser(t, { twoFactor: true });
  await fund(t, u.id, 'ETH', '2');
  return { ...u, passkey: u.passkey as SoftPasskey };
}

describe('address book', () => {
  it('adds an address checked for its network, usable after the hold, e-mailed with a link that removes it once', async () => {
    const u = await richUser();
    const bad = await post('/api/Withdrawals/addresses', u.token, {
      assetId: eth,
      address: 'not-an-address!',
      label: 'x',
    });
    expect([bad.statusCode, codeOf(bad)]).toEqual([400, 'WITHDRAWAL_ADDRESS_INVALID']);
    const res = await post('/api/Withdrawals/addresses', u.token, {
      assetId: eth,
      address: ETH_ADDRESS,
      label: 'Ledger',
    });
    expect(res.statusCode).toBe(200);
    const a = res.json().content;
    expect(a).toMatchObject({
      ticker: 'ETH',
      address: ETH_ADDRESS,
      label: 'Ledger',
      usable: false,
      memo: null,
    });
    const wait = new Date(a.usableAt).getTime() - Date.now();
    expect(wait).toBeGreaterThan(23.9 * 3_600_000);
    const again = await post('/api/Withdrawals/addresses', u.token, {
      assetId: eth,
      address: ETH_ADDRESS,
      label: 'Twice',
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'WITHDRAWAL_ADDRESS_EXISTS']);
    const list = await t.request({ method: 'GET', url: '/api/Withdrawals/addresses', token: u.token });
    expect(list.json().content.items.map((i: { id: string }) => i.id)).toEqual([a.id]);

    // Not usable yet: refused, nothing moves.
    const before = await money(t, u.id, 'ETH');
    const held = await post('/api/Withdrawals', u.token, {
      assetId: eth,
      amount: '0.1',
      addressId: a.id,
      twoFactor: await proof(t, u.token, u.passkey),
    });
    expect([held.statusCode, codeOf(held)]).toEqual([400, 'WITHDRAWAL_ADDRESS_ON_HOLD']);
    expect(held.json().error.error).toContain('new addresses wait before their first use');
    expect(await money(t, u.id, 'ETH')).toEqual(before);

    // The e-mail's link: the token removes it once, without signing in; only its hash is stored.
    const [email] = await t.services.db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
    const [mail] = await t.services.mail.outbox({ to: email?.email ?? '', limit: 5 });
    const token = /\/withdrawals\/remove-address\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const [stored] = await t.services.db
      .select()
      .from(withdrawalAddresses)
      .where(eq(withdrawalAddresses.id, a.id));
    expect(stored?.removeTokenHash).not.toBe(token);
    const removed = await post('/api/Withdrawals/addresses/remove', undefined, { token });
    expect(removed.statusCode).toBe(200);
    const twice = await post('/api/Withdrawals/addresses/remove', undefined, { token });
    expect([twice.statusCode, codeOf(twice)]).toEqual([400, 'WITHDRAWAL_REMOVE_LINK_INVALID']);
    const empty = await t.request({ method: 'GET', url: '/api/Withdrawals/addresses', token: u.token });
    expect(empty.json().content.items).toEqual([]);
  });

  it('needs a memo where the network uses one; deletes only your own addresses', async () => {
    const u = await richUser();
    const xrp = await assetId(t, 'XRP');
    const noMemo = await post('/api/Withdrawals/addresses', u.token, {
      assetId: xrp,
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      label: 'x',
    });
    expect([noMemo.statusCode, codeOf(noMemo)]).toEqual([400, 'WITHDRAWAL_MEMO_REQUIRED']);
    const withMemo = await post('/api/Withdrawals/addresses', u.token, {
      assetId: xrp,
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      memo: '12345',
      label: 'x',
    });
    expect(withMemo.json().content.memo).toBe('12345');
    const other = await makeUser(t, { twoFactor: true });
    const id = withMemo.json().content.id;
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/Withdrawals/addresses/${id}`,
      token: other.token,
    });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'WITHDRAWAL_ADDRESS_NOT_FOUND']);
    const own = await t.request({
      method: 'DELETE',
      url: `/api/Withdrawals/addresses/${id}`,
      token: u.token,
    });
    expect(own.statusCode).toBe(200);
  });

  it('adding an address needs a second factor (step-up)', async () => {
    const bare = await makeUser(t);
    const res = await post('/api/Withdrawals/addresses', bare.token, {
      assetId: eth,
      address: ETH_ADDRESS,
      label: 'x',
    });
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
  });
});

describe('quote', () => {
  it('adds the fee on top and shows the available balance, the minimum and whether the asset is open', async () => {
    const u = await richUser();
    const res = await post('/api/Withdrawals/quote', u.token, { assetId: eth, amount: '0.5' });
    expect(res.json().content).toEqual({
      fee: '0.0005',
      receive: '0.5',
      total: '0.5005',
      available: '2',
      minimum: '0.001',
      open: true,
    });
    // An asset without a rule is closed (safe by default).
    const ltc = await post('/api/Withdrawals/quote', u.token, {
      assetId: await assetId(t, 'LTC'),
      amount: '1',
    });
    expect(ltc.json().content).toMatchObject({ open: false, fee: '0', available: '0' });
  });
});

describe('POST /api/Withdrawals', () => {
  it('needs a second factor given with this very request', async () => {
    const bare = await makeUser(t);
    const noFactor = await post('/api/Withdrawals', bare.token, {
      assetId: eth,
      amount: '0.1',
      addressId: randomUUID(),
    });
    expect([noFactor.statusCode, codeOf(noFactor)]).toEqual([403, 'TWO_FACTOR_REQUIRED']);
    const u = await richUser();
    const a = await usableAddress(t, u.id);
    // Its session gave a factor just now (makeUser): that does not count for money out.
    const none = await post('/api/Withdrawals', u.token, { assetId: eth, amount: '0.1', addressId: a.id });
    expect([none.statusCode, codeOf(none)]).toEqual([401, 'TWO_FACTOR_NEEDED']);
    const wrong = await post('/api/Withdrawals', u.token, {
      assetId: eth,
      amount: '0.1',
      addressId: a.id,
      twoFactor: { code: '000000' },
    });
    expect([wrong.statusCode, codeOf(wrong)]).toEqual([400, 'TWO_FACTOR_INVALID']);
    expect(await withdrawalCount(t, u.id)).toBe(0);
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '2', held: '0' });
    const res = await post('/api/Withdrawals', u.token, {
      assetId: eth,
      amount: '0.1',
      addressId: a.id,
      twoFactor: await proof(t, u.token, u.passkey),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content.status).toBe('queued');
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '1.8995', held: '0.1005' });
    expect(await auditClean(t)).toBe(true);
  });

  it('refuses with its code each broken rule, and changes nothing', async () => {
    const u = await richUser();
    const a = await usableAddress(t, u.id);
    const other = await makeUser(t);
    const foreign = await usableAddress(t, other.id);
    const gone = await usableAddress(t, u.id);
    await t.services.db
      .update(withdrawalAddresses)
      .set({ deletedAt: new Date() })
      .where(eq(withdrawalAddresses.id, gone.id));
    await setRule(t, 'BNB', { open: false, fee: '0', minimum: '0' });
    await setRule(t, 'EUR', { fee: '1', minimum: '10' });
    await fund(t, u.id, 'EUR', '100');
    const cases: [object, number, string][] = [
      [{ assetId: await assetId(t, 'BNB'), amount: '0.1', addressId: a.id }, 400, 'WITHDRAWAL_ASSET_CLOSED'],
      [{ assetId: eth, amount: '0.0001', addressId: a.id }, 400, 'WITHDRAWAL_BELOW_MINIMUM'],
      [{ assetId: eth, amount: '5', addressId: a.id }, 400, 'INSUFFICIENT_FUNDS'],
      [{ assetId: eth, amount: '0.1', addressId: foreign.id }, 404, 'WITHDRAWAL_ADDRESS_NOT_FOUND'],
      [{ assetId: eth, amount: '0.1', addressId: gone.id }, 404, 'WITHDRAWAL_ADDRESS_NOT_FOUND'],
      [{ assetId: eth, amount: '0.1', addressId: randomUUID() }, 404, 'WITHDRAWAL_ADDRESS_NOT_FOUND'],
      [{ assetId: eur, amount: '20', toBankAccount: true }, 400, 'WITHDRAWAL_BANK_NOT_APPROVED'],
      [{ assetId: eth, amount: '0.1', toBankAccount: true }, 400, 'WITHDRAWAL_NOT_FIAT'],
      [{ assetId: eur, amount: '20', addressId: a.id }, 400, 'WITHDRAWAL_NOT_CRYPTO'],
    ];
    await approvedBank(t, u.id, -1);
    const before = [await money(t, u.id, 'ETH'), await money(t, u.id, 'EUR')];
    for (const [body, status, code] of cases) {
      const res = await post('/api/Withdrawals', u.token, {
        ...body,
        twoFactor: await proof(t, u.token, u.passkey),
      });
      expect([code, res.statusCode, codeOf(res)]).toEqual([code, status, code]);
    }
    expect(await withdrawalCount(t, u.id)).toBe(0);
    expect([await money(t, u.id, 'ETH'), await money(t, u.id, 'EUR')]).toEqual(before);
    // Below the minimum says the minimum; closed says the asset.
    const below = await post('/api/Withdrawals', u.token, {
      assetId: eth,
      amount: '0.0001',
      addressId: a.id,
      twoFactor: await proof(t, u.token, u.passkey),
    });
    expect(below.json().error.error).toBe('The smallest withdrawal is 0.001 ETH.');
  });

  it('a locked account is refused (403 WITHDRAWALS_LOCKED) and nothing moves', async () => {
    const u = await richUser();
    const a = await usableAddress(t, u.id);
    const until = new Date(Date.now() + 3_600_000);
    await t.services.db.update(users).set({ withdrawalsLockedUntil: until }).where(eq(users.id, u.id));
    const res = await post('/api/Withdrawals', u.token, {
      assetId: eth,
      amount: '0.1',
      addressId: a.id,
      twoFactor: await proof(t, u.token, u.passkey),
    });
    expect([res.statusCode, codeOf(res)]).toEqual([403, 'WITHDRAWALS_LOCKED']);
    expect(res.json().error.error).toContain(until.toISOString());
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '2', held: '0' });
    expect(await withdrawalCount(t, u.id)).toBe(0);
  });

  it('fiat goes to the approved bank account, its IBAN copied and shown masked', async () => {
    const u = await makeUser(t, { twoFactor: true });
    await fund(t, u.id, 'EUR', '100');
    await approvedBank(t, u.id);
    const res = await post('/api/Withdrawals', u.token, {
      assetId: eur,
      amount: '20',
      toBankAccount: true,
      twoFactor: await proof(t, u.token, u.passkey as SoftPasskey),
    });
    expect(res.json().content.status).toBe('queued');
    const one = await t.request({
      method: 'GET',
      url: `/api/Withdrawals/${res.json().content.id}`,
      token: u.token,
    });
    expect(one.json().content).toMatchObject({
      kind: 'bank',
      iban: '•••• 3000',
      amount: '20',
      fee: '1',
      total: '21',
    });
    expect(await money(t, u.id, 'EUR')).toEqual({ available: '79', held: '21' });
  });

  it('past the daily limit in USD the request waits in review, with its reason', async () => {
    const u = await richUser();
    await fund(t, u.id, 'ETH', '10');
    const a = await usableAddress(t, u.id);
    const send = async (amount: string) =>
      post('/api/Withdrawals', u.token, {
        assetId: eth,
        amount,
        addressId: a.id,
        twoFactor: await proof(t, u.token, u.passkey),
      });
    // ETH at 3350 USD: 0.29 ETH ≈ 971.5 USD each, under the automatic payout limit (1000).
    const statuses: string[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send('0.29')).json().content.status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('queued'));
    expect(statuses[10]).toBe('review');
    const list = await t.request({ method: 'GET', url: '/api/Withdrawals?limit=1', token: u.token });
    expect(list.json().content.items[0].reviewReasons).toEqual(['dailyLimit']);
    // Above the automatic payout limit alone: review too.
    const v = await richUser();
    const b = await usableAddress(t, v.id);
    const big = await post('/api/Withdrawals', v.token, {
      assetId: eth,
      amount: '0.5',
      addressId: b.id,
      twoFactor: await proof(t, v.token, v.passkey),
    });
    expect(big.json().content.status).toBe('review');
  });
});

describe('list, one, cancel', () => {
  it('pages newest first with `after`, filters by asset, shows only your own, and cancels while not sent', async () => {
    const u = await richUser();
    const a = await usableAddress(t, u.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post('/api/Withdrawals', u.token, {
        assetId: eth,
        amount: '0.01',
        addressId: a.id,
        requestId: randomUUID(),
        twoFactor: await proof(t, u.token, u.passkey),
      });
      ids.push(res.json().content.id);
    }
    const first = (await t.request({ method: 'GET', url: '/api/Withdrawals?limit=2', token: u.token })).json()
      .content;
    expect(first.items.map((w: { id: string }) => w.id)).toEqual([ids[2], ids[1]]);
    expect(first.items[0]).toMatchObject({ addressLabel: a.label, address: a.address, ticker: 'ETH' });
    const second = (
      await t.request({ method: 'GET', url: `/api/Withdrawals?limit=2&after=${first.next}`, token: u.token })
    ).json().content;
    expect(second).toMatchObject({ next: null });
    expect(second.items.map((w: { id: string }) => w.id)).toEqual([ids[0]]);
    const eurOnly = (
      await t.request({ method: 'GET', url: `/api/Withdrawals?assetId=${eur}`, token: u.token })
    ).json();
    expect(eurOnly.content.items).toEqual([]);

    const other = await makeUser(t);
    const foreign = await t.request({ method: 'GET', url: `/api/Withdrawals/${ids[0]}`, token: other.token });
    expect([foreign.statusCode, codeOf(foreign)]).toEqual([404, 'WITHDRAWAL_NOT_FOUND']);
    const foreignCancel = await post(`/api/Withdrawals/${ids[0]}/cancel`, other.token, {});
    expect(foreignCancel.statusCode).toBe(404);

    expect(await money(t, u.id, 'ETH')).toEqual({ available: '1.9685', held: '0.0315' });
    // ETH is not watched in this app: queued, they wait for an admin who pays by hand, and may be on
    // their way; the owner cannot cancel them. One held for review (as a limit would hold it) can be.
    const queued = await post(`/api/Withdrawals/${ids[1]}/cancel`, u.token, {});
    expect([queued.statusCode, codeOf(queued)]).toEqual([409, 'WITHDRAWAL_NOT_CANCELLABLE']);
    await moveWithdrawal(t.services.db, ids[0] as string, ['queued'], { status: 'review' });
    const cancelled = await post(`/api/Withdrawals/${ids[0]}/cancel`, u.token, {});
    expect(cancelled.json().content.status).toBe('cancelled');
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '1.979', held: '0.021' });
    const twice = await post(`/api/Withdrawals/${ids[0]}/cancel`, u.token, {});
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, 'WITHDRAWAL_NOT_CANCELLABLE']);
    expect(await money(t, u.id, 'ETH')).toEqual({ available: '1.979', held: '0.021' });
    expect(await auditClean(t)).toBe(true);
  });
});
