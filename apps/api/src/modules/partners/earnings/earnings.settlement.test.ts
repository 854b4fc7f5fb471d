import { commissionQuote, conversionQuote, Decimal, TransactionStatus } from '@vaultline/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Assets, prepareAssets, rowOf } from '../../exchange/exchange.test-helpers';
import { chainSettlementEntry } from '../../exchange/exchange-settlement';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from '../partners.test-helpers';
import { auditClean, earningsOf, legsOf, partnerExchange, setStatus } from './earnings.test-helpers';

// A partner's commission is credited by the exchange's own settlement entry, from the house's
// destination account to the partner's earnings account; requotes recompute it; failures credit none.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
let partner: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
  partner = await makePartner(t, { maxCommission: '0.05', commission: '0.01' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/Admin/anonymousExchanges/${url}`,
    token: admin.token,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const ethEarned = async () => new Decimal((await earningsOf(t, partner.token)).get('ETH')?.total ?? 0);

describe('partner commission in the settlement entry', () => {
  it("an admin's approval credits the commission exactly, in the same entry", async () => {
    const before = await ethEarned();
    const id = await partnerExchange(t, a, partner.userId, '0.0125');
    const row = await rowOf(t, id);
    if (!row) throw new Error('no row');
    const res = await setStatus(t, admin.token, id, TransactionStatus.success);
    expect(res.statusCode, res.body).toBe(200);
    const legs = await legsOf(t, 'guest_exchange', id);
    const commission = new Decimal(row.partnerCommission ?? 0);
    expect(commission.gt(0)).toBe(true);
    // What the guest would have received without a partner is split exactly between guest and partner.
    const plain = conversionQuote(new Decimal(row.amount), row.rate, row.feeRate, 18);
    expect(new Decimal(row.destinationAmount).plus(commission).eq(plain.receive)).toBe(true);
    expect(commission.eq(plain.receive.mul('0.0125').toDecimalPlaces(18, Decimal.ROUND_DOWN))).toBe(true);
    const partnerLegs = legs.filter((l) => l.kind === 'partner');
    expect(partnerLegs).toHaveLength(1);
    expect(partnerLegs[0]?.userId).toBe(partner.userId);
    expect(partnerLegs[0]?.assetId).toBe(a.eth);
    expect(partnerLegs[0]?.amount.eq(commission)).toBe(true);
    const house = legs.find((l) => l.kind === 'house' && l.assetId === a.eth)?.amount;
    expect(house?.eq(new Decimal(row.destinationAmount).plus(row.fee).plus(commission).neg())).toBe(true);
    expect((await ethEarned()).minus(before).eq(commission)).toBe(true);
    const eth = (await earningsOf(t, partner.token)).get('ETH');
    expect(eth?.available).toBe(eth?.total);
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('property: house, partner, fee and guest sides sum exactly for any amount and rate', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 100_000n, max: 5_000_000n }), // satoshis: 0.001 to 0.05 BTC
        fc.integer({ min: 0, max: 50_000 }), // commission rate in millionths: 0 to 5 %
        async (sats, millionths) => {
          const amount = new Decimal(sats.toString()).div(1e8);
          const rate = new Decimal(millionths).div(1e6).toFixed();
          const before = await ethEarned();
          const id = await partnerExchange(t, a, partner.userId, rate, amount.toFixed());
          const row = await rowOf(t, id);
          if (!row) throw new Error('no row');
          expect((await setStatus(t, admin.token, id, TransactionStatus.success)).statusCode).toBe(200);
          const q = commissionQuote(amount, row.rate, row.feeRate, rate, 18);
          const legs = await legsOf(t, 'guest_exchange', id);
          const eth = legs.filter((l) => l.assetId === a.eth);
          const sum = eth.reduce((s, l) => s.plus(l.amount), new Decimal(0));
          expect(sum.isZero()).toBe(true);
          const credited = eth.find((l) => l.kind === 'partner')?.amount ?? new Decimal(0);
          expect(credited.eq(q.commission)).toBe(true);
          expect(eth.find((l) => l.kind === 'external')?.amount.eq(q.receive)).toBe(true);
          expect((await ethEarned()).minus(before).eq(q.commission)).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('a requote for another amount received recomputes the commission at the same rate', async () => {
    const before = await ethEarned();
    const id = await partnerExchange(t, a, partner.userId, '0.02');
    const received = await post(`received?exchangeId=${id}`, { amount: '0.008' });
    expect(received.statusCode, received.body).toBe(200);
    const res = await post(`requote?exchangeId=${id}`, { notes: 'less arrived' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await rowOf(t, id);
    if (!row) throw new Error('no row');
    const q = commissionQuote(new Decimal('0.008'), row.rate, row.feeRate, '0.02', 18);
    expect(new Decimal(row.partnerCommission ?? 0).eq(q.commission)).toBe(true);
    expect(new Decimal(row.destinationAmount).eq(q.receive)).toBe(true);
    const credited = (await legsOf(t, 'guest_exchange', id)).find((l) => l.kind === 'partner');
    expect(credited?.amount.eq(q.commission)).toBe(true);
    expect((await ethEarned()).minus(before).eq(q.commission)).toBe(true);
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it('a failed or refunded exchange credits nothing', async () => {
    const before = await ethEarned();
    const failed = await partnerExchange(t, a, partner.userId, '0.03');
    expect((await setStatus(t, admin.token, failed, TransactionStatus.failed, 'no')).statusCode).toBe(200);
    const refunded = await partnerExchange(t, a, partner.userId, '0.03');
    expect((await post(`received?exchangeId=${refunded}`, { amount: '0.004' })).statusCode).toBe(200);
    const res = await post(`refund?exchangeId=${refunded}`, {
      notes: 'sent back',
      refundAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const id of [failed, refunded]) {
      for (const kind of ['guest_exchange', 'guest_exchange_received', 'guest_exchange_refund'])
        expect((await legsOf(t, kind, id)).filter((l) => l.kind === 'partner')).toEqual([]);
    }
    expect((await ethEarned()).eq(before)).toBe(true);
    expect(await t.services.ledger.audit()).toEqual(auditClean);
  });

  it("a watched exchange's payout entry carries the commission too, and balances", async () => {
    const id = await partnerExchange(t, a, partner.userId, '0.01');
    const row = await rowOf(t, id);
    if (!row) throw new Error('no row');
    const entry = chainSettlementEntry(row);
    const partnerLeg = entry.legs.find((l) => l.owner.kind === 'partner');
    expect(partnerLeg?.amount.eq(row.partnerCommission ?? 0)).toBe(true);
    expect(entry.legs.reduce((s, l) => s.plus(l.amount), new Decimal(0)).isZero()).toBe(true);
    const plain = chainSettlementEntry({ ...row, partnerId: null, partnerCommission: null });
    expect(plain.legs.some((l) => l.owner.kind === 'partner')).toBe(false);
    expect(plain.legs.reduce((s, l) => s.plus(l.amount), new Decimal(0)).isZero()).toBe(true);
  });
});
