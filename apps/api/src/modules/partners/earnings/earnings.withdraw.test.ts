import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerWithdrawals } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Assets, prepareAssets } from '../../exchange/exchange.test-helpers';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from '../partners.test-helpers';
import { auditClean, earningsOf, legsOf, partnerExchange, setStatus } from './earnings.test-helpers';

// Moving earnings to the partner's own wallet: one journal entry, once, never more than earned.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const withdraw = (token: string | undefined, assetId: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/partner/earnings/withdraw',
    ...(token ? { token } : {}),
    payload: { assetId },
  });
const ethWallet = async (userId: string) => (await t.services.ledger.balances(userId)).get(a.eth);

/** A partner with one settled exchange: its commission in ETH is available. */
async function earningPartner(): Promise<{ partner: TestPartner; earned: Decimal }> {
  const partner = await makePartner(t, { maxCommission: '0.05', commission: '0.01' });
  const id = await partnerExchange(t, a, partner.userId, '0.02');
  expect((await setStatus(t, admin.token, id, TransactionStatus.success)).statusCode).toBe(200);
  const eth = (await earningsOf(t, partner.token)).get('ETH');
  const earned = new Decimal(eth?.available ?? 0);
  expect(earned.gt(0)).toBe(true);
  return { partner, earned };
}

describe('partner earnings: move to the wallet', () => {
  it('moves everything available into the wallet in one entry; totals stay', async () => {
    const { partner, earned } = await earningPartner();
    expect(await ethWallet(partner.userId)).toBeUndefined();
    const res = await withdraw(partner.token, a.eth);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().content as { id: string; assetId: string; amount: string };
    expect(new Decimal(moved.amount).eq(earned)).toBe(true);
    expect(moved.assetId).toBe(a.eth);
    // The wallet (created by the posting) holds it, and the wallets route lists it like any credit.
    expect((await ethWallet(partner.userId))?.eq(earned)).toBe(true);
    const wallets = await t.request({
      method: 'GET',
      url: '/api/Wallets/wallet/ticker/ETH',
      token: partner.token,
    });
    expect(wallets.statusCode, wallets.body).toBe(200);
    expect(JSON.stringify(wallets.json().content)).toContain(earned.toFixed());
    const legs = await legsOf(t, 'partner_withdrawal', moved.id);
    expect(legs.map((l) => [l.kind, l.amount.toFixed()]).sort()).toEqual(
      [
        ['partner', earned.neg().toFixed()],
        ['user', earned.toFixed()],
      ].sort(),
    );
    // The user's history lists the move like other credits (kind 'earnings'), and its CSV too.
    const history = await t.request({ method: 'GET', url: '/api/History?pageSize=10', token: partner.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().content.total).toBe(1);
    expect(history.json().content.items[0]).toMatchObject({
      kind: 'earnings',
      id: moved.id,
      status: TransactionStatus.success,
      sourceTicker: 'ETH',
      amount: earned.toFixed(),
    });
    const csv = await t.request({ method: 'GET', url: '/api/History/export', token: partner.token });
    expect(csv.body).toContain('earnings');
    const eth = (await earningsOf(t, partner.token)).get('ETH');
    expect(eth?.available).toBe('0');
    expect(new Decimal(eth?.total ?? 0).eq(earned)).toBe(true);
    // Nothing left: a clear 409, not a zero entry.
    const again = await withdraw(partner.token, a.eth);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('NO_EARNINGS');
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('concurrent moves move the amount once', async () => {
    const { partner, earned } = await earningPartner();
    const results = await Promise.all(Array.from({ length: 6 }, () => withdraw(partner.token, a.eth)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().error.code).toBe('NO_EARNINGS');
    expect((await ethWallet(partner.userId))?.eq(earned)).toBe(true);
    const rows = await t.services.db
      .select()
      .from(partnerWithdrawals)
      .where(eq(partnerWithdrawals.partnerId, partner.userId));
    expect(rows).toHaveLength(1);
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('the database refuses taking more than a partner earned (no negative earnings)', async () => {
    const { partner, earned } = await earningPartner();
    const over = t.services.db.transaction((tx) =>
      t.services.ledger.post(tx, {
        kind: 'partner_withdrawal',
        reference: randomUUID(),
        legs: [
          {
            owner: { kind: 'partner', userId: partner.userId },
            assetId: a.eth,
            amount: earned.plus('1e-18').neg(),
          },
          { owner: { kind: 'user', userId: partner.userId }, assetId: a.eth, amount: earned.plus('1e-18') },
        ],
      }),
    );
    await expect(over).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(new Decimal((await earningsOf(t, partner.token)).get('ETH')?.available ?? 0).eq(earned)).toBe(
      true,
    );
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('refuses guests, non-partners, bad input and assets without earnings clearly', async () => {
    const partner = await makePartner(t);
    const user = await makeUser(t);
    expect((await withdraw(undefined, a.eth)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/partner/earnings' })).statusCode).toBe(401);
    const notPartner = await withdraw(user.token, a.eth);
    expect(notPartner.statusCode).toBe(403);
    expect(notPartner.json().error.code).toBe('NOT_PARTNER');
    const list = await t.request({ method: 'GET', url: '/api/partner/earnings', token: user.token });
    expect(list.statusCode).toBe(403);
    for (const bad of ['nope', 42, null, '', undefined])
      expect((await withdraw(partner.token, bad)).statusCode).toBe(400);
    for (const asset of [a.btc, randomUUID()]) {
      const res = await withdraw(partner.token, asset);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('NO_EARNINGS');
    }
    expect((await earningsOf(t, partner.token)).size).toBe(0);
  });
});
