import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, users } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('DEMO seed', () => {
  it('funds the demo user through the ledger and sets fake deposit addresses, once', async () => {
    const config = {
      ...t.app.config,
      demoUser: { email: 'demo-user@test.vaultline', password: 'demo-password-1' },
      demoAdmin: { email: 'demo-admin@test.vaultline', password: 'demo-password-2' },
    };
    await seedDemo(t.services.db, config);
    await seedDemo(t.services.db, config);
    const [u] = await t.services.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'demo-user@test.vaultline'));
    const balances = await t.services.ledger.balances(u?.id as string);
    const byTicker: Record<string, string> = {};
    for (const a of await t.services.db.select().from(assets)) {
      const b = balances.get(a.id);
      if (b) byTicker[a.ticker] = b.toFixed();
    }
    expect(byTicker).toEqual({ USD: '5000', EUR: '1000', BTC: '0.5', ETH: '3' });
    const [btc] = await t.services.db.select().from(assets).where(eq(assets.ticker, 'BTC'));
    expect(btc?.adminWalletAddress).toBe('DEMO-NOT-A-REAL-ADDRESS-BTC');
    expect(await t.services.ledger.audit()).toEqual({ unbalanced: [], drift: [], negative: [] });
  });
});
