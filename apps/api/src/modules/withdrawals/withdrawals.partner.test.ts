import { randomUUID } from 'node:crypto';
import { Decimal, TransactionStatus, toPlain } from '@vaultline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Assets, prepareAssets } from '../exchange/exchange.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { earningsOf, partnerExchange, setStatus } from '../partners/earnings/earnings.test-helpers';
import { makePartner } from '../partners/partners.test-helpers';
import { newSoftPasskey } from '../two-factor/soft-authenticator.test-helpers';
import { auditClean, money, proof, setRule, usableAddress } from './withdrawals.test-helpers';

// Issue 31, point 9: a partner's earnings, once moved to its wallet, are withdrawn like any balance
// (and only then: the earnings account itself is not a wallet).
let t: TestApp;
let a: Assets;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_REVIEW_FIRST: 'false' } });
  a = await prepareAssets(t);
  await setRule(t, 'ETH', { fee: '0', minimum: '0' });
});
afterAll(() => t.close());

describe('a partner withdraws its earnings', () => {
  it('after moving them to its wallet, like any balance; not before', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const partner = await makePartner(t, { maxCommission: '0.05', commission: '0.01' });
    const key = newSoftPasskey();
    await t.services.db.insert(passkeys).values({
      userId: partner.userId,
      credentialId: key.credentialId.toString('base64url'),
      publicKey: key.publicKeyCose,
      name: 'Partner key',
    });
    const id = await partnerExchange(t, a, partner.userId, '0.02');
    expect((await setStatus(t, admin.token, id, TransactionStatus.success)).statusCode).toBe(200);
    const earned = new Decimal((await earningsOf(t, partner.token)).get('ETH')?.available ?? 0);
    expect(earned.gt(0)).toBe(true);
    const address = await usableAddress(t, partner.userId);
    const request = async () =>
      t.request({
        method: 'POST',
        url: '/api/Withdrawals',
        token: partner.token,
        payload: {
          assetId: a.eth,
          amount: toPlain(earned),
          addressId: address.id,
          requestId: randomUUID(),
          twoFactor: await proof(t, partner.token, key),
        },
      });

    // Earned but not moved: the wallet is empty, the earnings are not spendable.
    const before = await request();
    expect(before.statusCode).toBe(400);
    expect(before.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await money(t, partner.userId, 'ETH')).toEqual({ available: '0', held: '0' });

    const moved = await t.request({
      method: 'POST',
      url: '/api/partner/earnings/withdraw',
      token: partner.token,
      payload: { assetId: a.eth },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const res = await request();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content.status).toBe('queued');
    expect(await money(t, partner.userId, 'ETH')).toEqual({ available: '0', held: toPlain(earned) });
    expect(await auditClean(t)).toBe(true);
  });
});
