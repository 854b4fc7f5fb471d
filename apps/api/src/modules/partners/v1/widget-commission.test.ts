import { Decimal, TransactionStatus } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  type Assets,
  countExchanges,
  create,
  createOk,
  prepareAssets,
  rowOf,
  validCreate,
} from '../../exchange/exchange.test-helpers';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from '../partners.test-helpers';

// A guest exchange made in a partner's widget (createExchange with partnerId): the partner's rate at
// creation is stored, its commission comes out of what the guest would get, rounded down.
let t: TestApp;
let a: Assets;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  p = await makePartner(t, { maxCommission: '0.05', commission: '0.015' });
});
afterAll(() => t.close());

describe('createExchange with a partnerId', () => {
  it('applies the partner’s current rate: commission + what the guest gets = a plain exchange', async () => {
    const plain = await rowOf(t, await createOk(t, validCreate(a)));
    const id = await createOk(t, validCreate(a, { partnerId: p.userId }));
    const row = await rowOf(t, id);
    const commission = new Decimal(plain?.destinationAmount ?? '0')
      .mul('0.015')
      .toDecimalPlaces(18, Decimal.ROUND_DOWN);
    expect(row).toMatchObject({
      partnerId: p.userId,
      partnerCommissionRate: '0.015',
      partnerCommission: commission.toFixed(),
      rateMode: 'fixed',
      partnerQuoteId: null,
      fee: plain?.fee,
    });
    expect(new Decimal(row?.destinationAmount ?? '0').plus(commission).toFixed()).toBe(
      new Decimal(plain?.destinationAmount ?? '').toFixed(),
    );
    expect(plain).toMatchObject({ partnerId: null, partnerCommission: null, rateMode: null });
  });

  it('rounds the commission down to the destination’s decimals (BTC, 8)', async () => {
    const id = await createOk(
      t,
      validCreate(a, {
        sourceWalletId: a.eth,
        destinationWalletId: a.btc,
        amount: '0.123456789',
        destinationWalletAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
        partnerId: p.userId,
      }),
    );
    const row = await rowOf(t, id);
    const c = new Decimal(row?.partnerCommission ?? '');
    expect(c.decimalPlaces()).toBeLessThanOrEqual(8);
    const before = new Decimal(row?.destinationAmount ?? '').plus(c);
    expect(c.toFixed()).toBe(before.mul('0.015').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed());
  });

  it('refuses an unknown partner with 400 UNKNOWN_PARTNER and stores nothing', async () => {
    const before = await countExchanges(t);
    const notPartner = await makeUser(t);
    for (const partnerId of ['00000000-0000-4000-8000-000000000000', notPartner.id]) {
      const res = await create(t, validCreate(a, { partnerId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'UNKNOWN_PARTNER',
        error: 'This partner does not exist.',
      });
    }
    const bad = await create(t, validCreate(a, { partnerId: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(400);
    expect(await countExchanges(t)).toBe(before);
  });

  it('a successful partner exchange keeps the ledger audit clean', async () => {
    const id = await createOk(t, validCreate(a, { partnerId: p.userId }));
    const admin = await makeUser(t, { role: 'admin' });
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/anonymousExchanges/update?exchangeId=${id}&status=${TransactionStatus.success}&amountReceived=0.01`,
      token: admin.token,
      payload: JSON.stringify('Paid out'),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(t, id))?.status).toBe(TransactionStatus.success);
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});
