import { Decimal, TransactionStatus } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, txClaims } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { auditClean } from '../chain/chain.test-helpers';
import { newBtcHash } from '../exchange/exchange.test-helpers';
import { insertDeposit } from '../funding/funding.repository';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { moveWithdrawal } from './withdrawal-moves';
import { ledgerBalance, requestWithdrawalDirect, withdrawalRow } from './withdrawals.test-helpers';

// Issue 31, point 5: on a network without automatic payouts a withdrawal waits queued for an admin,
// who sends it by hand and records the hash (checked, stored in its one form, claimed once per
// network like every hash); fiat other than EUR is recorded with the bank's reference. Anything
// refused changes nothing.
let t: TestApp;
let admin: { id: string; token: string };
let user: { id: string; token: string };
const BTC_TO = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  user = await makeUser(t);
  await fund(t, user.id, 'BTC', '1');
  await fund(t, user.id, 'USD', '1000');
  await fund(t, user.id, 'EUR', '1000');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const sent = (id: string, body: Record<string, unknown>, token = admin.token) =>
  t.request({ method: 'POST', url: `/api/Admin/withdrawals/${id}/sent`, token, payload: body });
const btcWithdrawal = () =>
  requestWithdrawalDirect(t, { userId: user.id, ticker: 'BTC', amount: '0.1', fee: '0.0005', to: BTC_TO });
const auditOf = (id: string) => t.services.db.select().from(auditLog).where(eq(auditLog.targetId, id));

describe('a crypto withdrawal on a manual network', () => {
  it('waits queued; the admin records the hash: completed, claimed once, audited', async () => {
    expect(t.services.chain.watched('BTC')).toBeUndefined();
    const w = await btcWithdrawal();
    expect(w).toMatchObject({ status: 'queued', payoutId: null });
    expect(await ledgerBalance(t, user.id, 'BTC', 'user')).toEqual(new Decimal('0.8995'));

    // Not for users; a hash that is not one of the network's is refused.
    expect((await sent(w.id, { txHash: newBtcHash() }, user.token)).statusCode).toBe(403);
    const bad = await sent(w.id, { txHash: `0x${'ab'.repeat(32)}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_HASH');
    expect((await sent(w.id, { reference: 'BANK-1' })).json().error.code).toBe(
      'WITHDRAWAL_HASH_OR_REFERENCE',
    );
    expect((await sent(w.id, {})).statusCode).toBe(400);
    expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'queued', txHash: null });

    // Queued for an admin who sends it by hand: the owner can no longer cancel it (the admin may be
    // sending it now, and nothing here would show it), so it is never both paid and given back.
    const cancel = await t.request({
      method: 'POST',
      url: `/api/Withdrawals/${w.id}/cancel`,
      token: user.token,
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('WITHDRAWAL_NOT_CANCELLABLE');
    expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'queued' });
    expect(await ledgerBalance(t, user.id, 'BTC', 'held')).toEqual(new Decimal('0.1005'));

    const hash = newBtcHash();
    const res = await sent(w.id, { txHash: `  ${hash.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().content).toEqual({ id: w.id, status: 'completed' });
    const done = await withdrawalRow(t, w.id);
    expect(done).toMatchObject({ status: 'completed', txHash: hash, decidedBy: admin.id });
    expect(done.completedAt).not.toBeNull();
    const [claim] = await t.services.db.select().from(txClaims).where(eq(txClaims.withdrawalId, w.id));
    expect(claim).toMatchObject({ network: 'BTC', txHash: hash });
    expect(await ledgerBalance(t, user.id, 'BTC', 'user')).toEqual(new Decimal('0.8995'));
    expect(await ledgerBalance(t, user.id, 'BTC', 'held')).toEqual(new Decimal(0));
    const audit = await auditOf(w.id);
    expect(audit.map((a) => [a.action, a.targetType, a.actorId])).toEqual([
      ['withdrawal.sent', 'withdrawal', admin.id],
    ]);
    expect(await auditClean(t)).toBe(true);

    // Recorded twice: the withdrawal has ended.
    const again = await sent(w.id, { txHash: newBtcHash() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'WITHDRAWAL_WRONG_STATUS',
      params: { status: 'completed' },
    });

    // The same hash for another withdrawal: refused, nothing changes.
    const other = await btcWithdrawal();
    const dup = await sent(other.id, { txHash: hash });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('HASH_CLAIMED');
    expect(await withdrawalRow(t, other.id)).toMatchObject({
      status: 'queued',
      txHash: null,
      completedAt: null,
    });
    expect(await ledgerBalance(t, user.id, 'BTC', 'held')).toEqual(new Decimal('0.1005'));
    expect(await auditOf(other.id)).toEqual([]);
    expect(await auditClean(t)).toBe(true);
  });

  it('a hash already claimed by a deposit is refused and changes nothing', async () => {
    const hash = newBtcHash();
    const btc = await assetId(t, 'BTC');
    await t.services.db.transaction(async (tx) => {
      const d = await insertDeposit(tx, {
        userId: user.id,
        assetId: btc,
        method: 'crypto',
        amount: '0.01',
        status: TransactionStatus.awaitingVerification,
        transactionHash: hash,
      });
      expect(await t.services.chain.claimHash(tx, { ticker: 'BTC', hash, depositId: d.id })).toBe(true);
    });
    const w = await btcWithdrawal();
    const held = await ledgerBalance(t, user.id, 'BTC', 'held');
    const res = await sent(w.id, { txHash: hash });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('HASH_CLAIMED');
    expect(await withdrawalRow(t, w.id)).toMatchObject({ status: 'queued', txHash: null });
    expect(await ledgerBalance(t, user.id, 'BTC', 'held')).toEqual(held);
    expect(await t.services.db.select().from(txClaims).where(eq(txClaims.withdrawalId, w.id))).toEqual([]);
  });

  it('a withdrawal not queued (in review) is refused', async () => {
    const w = await btcWithdrawal();
    await t.services.db.transaction((tx) => moveWithdrawal(tx, w.id, ['queued'], { status: 'review' }));
    const res = await sent(w.id, { txHash: newBtcHash() });
    expect(res.json().error).toMatchObject({ code: 'WITHDRAWAL_WRONG_STATUS', params: { status: 'review' } });
    expect((await sent('00000000-0000-4000-8000-000000000000', { txHash: newBtcHash() })).statusCode).toBe(
      404,
    );
  });
});

describe('fiat paid by hand', () => {
  it('USD with the bank reference: completed and audited; EUR goes by SEPA files instead', async () => {
    const iban = 'DE89370400440532013000';
    const usd = await requestWithdrawalDirect(t, {
      userId: user.id,
      ticker: 'USD',
      amount: '200',
      fee: '2',
      iban,
    });
    expect(usd.status).toBe('queued');
    expect((await sent(usd.id, { txHash: newBtcHash() })).json().error.code).toBe(
      'WITHDRAWAL_HASH_OR_REFERENCE',
    );
    const res = await sent(usd.id, { reference: 'WIRE 2026-11-28 0042' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await withdrawalRow(t, usd.id)).toMatchObject({
      status: 'completed',
      reference: 'WIRE 2026-11-28 0042',
      txHash: null,
    });
    expect(await ledgerBalance(t, user.id, 'USD', 'user')).toEqual(new Decimal('798'));
    expect(await ledgerBalance(t, user.id, 'USD', 'held')).toEqual(new Decimal(0));
    expect((await auditOf(usd.id)).map((a) => a.after)).toEqual([
      { status: 'completed', reference: 'WIRE 2026-11-28 0042' },
    ]);

    const eur = await requestWithdrawalDirect(t, { userId: user.id, ticker: 'EUR', amount: '100', iban });
    const refused = await sent(eur.id, { reference: 'WIRE-EUR' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('WITHDRAWAL_SEPA_ONLY');
    expect(await withdrawalRow(t, eur.id)).toMatchObject({ status: 'queued', reference: null });
    expect(await auditClean(t)).toBe(true);
  });
});
