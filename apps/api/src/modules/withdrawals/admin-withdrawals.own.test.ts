import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditOf, post } from '../admin/admin.test-helpers';
import { newBtcHash } from '../exchange/exchange.test-helpers';
import { fund, makeUser } from '../ledger/ledger.test-helpers';
import { makeWithdrawal, withdrawalRow } from './admin-withdrawals.test-helpers';
import { ledgerBalance, requestWithdrawalDirect } from './withdrawals.test-helpers';

// Four eyes on money leaving an admin's own account: an admin can neither approve their own
// withdrawal waiting in review nor record their own manual withdrawal as sent (the books would let
// it go without anything leaving). Another admin can; the refusal changes nothing.
let t: TestApp;
let admin: { id: string; token: string };
let other: { id: string; token: string };
const BTC_TO = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  other = await makeUser(t, { role: 'admin' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("an admin's own withdrawal", () => {
  it('is never approved by that admin; another admin approves it', async () => {
    const w = await makeWithdrawal(t, admin.id, {
      ticker: 'BTC',
      kind: 'crypto',
      amount: '0.2',
      fee: '0.001',
    });
    const own = await post(t, `/Admin/withdrawals/${w.id}/approve`, admin.token, {});
    expect([own.statusCode, own.json().error?.code], own.body).toEqual([403, 'WITHDRAWAL_OWN']);
    expect(own.json().error.error).toBe('This is your own withdrawal: another administrator must decide it.');
    expect((await withdrawalRow(t, w.id))?.status).toBe('review');
    expect(await auditOf(t, w.id, 'withdrawal.approve')).toHaveLength(0);

    const res = await post(t, `/Admin/withdrawals/${w.id}/approve`, other.token, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toMatchObject({ status: 'queued' });
  });

  it('is never recorded as sent by hand by that admin; another admin records it', async () => {
    await fund(t, admin.id, 'BTC', '1');
    // The first case's withdrawal, approved, stays held (queued for a send by hand).
    const heldBefore = await ledgerBalance(t, admin.id, 'BTC', 'held');
    const w = await requestWithdrawalDirect(t, {
      userId: admin.id,
      ticker: 'BTC',
      amount: '0.1',
      fee: '0.0005',
      to: BTC_TO,
    });
    expect(w).toMatchObject({ status: 'queued', payoutId: null });
    const own = await post(t, `/Admin/withdrawals/${w.id}/sent`, admin.token, { txHash: newBtcHash() });
    expect([own.statusCode, own.json().error?.code], own.body).toEqual([403, 'WITHDRAWAL_OWN']);
    expect((await withdrawalRow(t, w.id))?.status).toBe('queued');
    expect(await ledgerBalance(t, admin.id, 'BTC', 'held')).toEqual(heldBefore.plus('0.1005'));
    expect(await auditOf(t, w.id, 'withdrawal.sent')).toHaveLength(0);

    const res = await post(t, `/Admin/withdrawals/${w.id}/sent`, other.token, { txHash: newBtcHash() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual({ id: w.id, status: 'completed' });
    expect(await ledgerBalance(t, admin.id, 'BTC', 'held')).toEqual(heldBefore);
  });
});
