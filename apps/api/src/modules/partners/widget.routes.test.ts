import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeUser } from '../ledger/ledger.test-helpers';
import { makePartner, type TestPartner } from './partners.test-helpers';

// The widget's live estimate reads the partner's rate: the one createExchange applies, and nothing more.
let t: TestApp;
let p: TestPartner;
beforeAll(async () => {
  t = await createTestApp();
  p = await makePartner(t, { maxCommission: '0.05', commission: '0.015' });
});
afterAll(() => t.close());

describe('GET /api/widget/partners/{id}', () => {
  it('answers a guest the partner’s current commission rate only', async () => {
    const res = await t.app.inject({ url: `/api/widget/partners/${p.userId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toEqual({ commission: '0.015' });
    expect(res.body).not.toContain(p.email);
    await t.request({
      method: 'PUT',
      url: '/api/partner/commission',
      token: p.token,
      payload: { commission: '0.002' },
    });
    const after = await t.app.inject({ url: `/api/widget/partners/${p.userId}` });
    expect(after.json().content).toEqual({ commission: '0.002' });
  });

  it('answers 404 UNKNOWN_PARTNER for an account that is not a partner, 400 for a malformed id', async () => {
    const user = await makeUser(t);
    const res = await t.app.inject({ url: `/api/widget/partners/${user.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('UNKNOWN_PARTNER');
    const bad = await t.app.inject({ url: '/api/widget/partners/not-an-id' });
    expect(bad.statusCode).toBe(400);
  });
});
