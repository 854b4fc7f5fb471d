import { Decimal, TransactionStatus } from '@vaultline/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type Assets, prepareAssets, rowOf } from '../../exchange/exchange.test-helpers';
import { makeUser } from '../../ledger/ledger.test-helpers';
import { makePartner } from '../partners.test-helpers';
import { adminPartnerStatsQuery } from './earnings.repository';
import { partnerExchange, setStatus } from './earnings.test-helpers';

// The back office's partner list: every partner with its exchanges, volume and earnings in USD.
let t: TestApp;
let a: Assets;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  a = await prepareAssets(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const list = (token?: string) =>
  t.request({ method: 'GET', url: '/api/Admin/partners', ...(token ? { token } : {}) });

interface Listed {
  userId: string;
  email: string;
  maxCommission: string;
  commission: string;
  exchanges: number;
  successfulExchanges: number;
  volumeUsd: string;
  earningsUsd: string;
}

describe('GET /api/Admin/partners', () => {
  it('only admins see it', async () => {
    const user = await makeUser(t);
    expect((await list()).statusCode).toBe(401);
    expect((await list(user.token)).statusCode).toBe(403);
    expect((await list(admin.token)).statusCode).toBe(200);
  });

  it('shows counts, USD volume of successful exchanges and USD earnings valued at settlement', async () => {
    const partner = await makePartner(t, { maxCommission: '0.04', commission: '0.03' });
    const idle = await makePartner(t);
    const ok1 = await partnerExchange(t, a, partner.userId, '0.03');
    const ok2 = await partnerExchange(t, a, partner.userId, '0.015', '0.02');
    const failed = await partnerExchange(t, a, partner.userId, '0.03');
    await partnerExchange(t, a, partner.userId, '0.03'); // still pending
    for (const id of [ok1, ok2])
      expect((await setStatus(t, admin.token, id, TransactionStatus.success)).statusCode).toBe(200);
    expect((await setStatus(t, admin.token, failed, TransactionStatus.failed, 'no')).statusCode).toBe(200);

    let volume = new Decimal(0);
    let earnings = new Decimal(0);
    for (const id of [ok1, ok2]) {
      const r = await rowOf(t, id);
      if (!r) throw new Error('no row');
      volume = volume.plus(r.usdValue);
      // The destination's USD price at the exchange's rate: usd_value / (amount × rate).
      earnings = earnings.plus(
        new Decimal(r.partnerCommission ?? 0).mul(r.usdValue).div(new Decimal(r.amount).mul(r.rate)),
      );
    }
    const res = await list(admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().content as Listed[];
    const mine = rows.find((p) => p.userId === partner.userId);
    expect(mine).toMatchObject({
      email: partner.email,
      maxCommission: '0.04',
      commission: '0.03',
      exchanges: 4,
      successfulExchanges: 2,
      volumeUsd: volume.toDecimalPlaces(2).toFixed(),
      earningsUsd: earnings.toDecimalPlaces(2).toFixed(),
    });
    expect(new Decimal(mine?.earningsUsd ?? 0).gt(0)).toBe(true);
    expect(rows.find((p) => p.userId === idle.userId)).toMatchObject({
      exchanges: 0,
      successfulExchanges: 0,
      volumeUsd: '0',
      earningsUsd: '0',
    });
  });

  it('reads the kept figures: the exchanges are not read, however many there are', async () => {
    // Plain EXPLAIN (no settings forced): whatever plan the planner picks for the list's own query,
    // guest_exchanges is not in it, so its cost does not grow with the exchanges.
    const r = (await t.services.db.execute(sql`explain ${adminPartnerStatsQuery()}`)) as unknown as {
      rows: Record<string, string>[];
    };
    const plan = r.rows.map((x) => Object.values(x)[0]).join('\n');
    expect(plan).toContain('partner_stats');
    expect(plan).not.toContain('guest_exchanges');
  });
});
