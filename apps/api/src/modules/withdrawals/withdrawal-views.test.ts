import type { Withdrawal } from '@vaultline/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { createWithdrawalEvents } from './withdrawal-events';
import { endUnpaid } from './withdrawal-moves';
import { findWithdrawal } from './withdrawals.repository';
import { setRule, usableAddress } from './withdrawals.test-helpers';

let t: TestApp;
let eth: string;
beforeAll(async () => {
  t = await createTestApp({ env: { WITHDRAWAL_REVIEW_FIRST: 'false' } });
  eth = await assetId(t, 'ETH');
  await setRule(t, 'ETH', { fee: '0.0005', minimum: '0.001' });
});
afterAll(() => t.close());

async function withdrawn() {
  const u = await makeUser(t, { twoFactor: true });
  await fund(t, u.id, 'ETH', '1');
  const a = await usableAddress(t, u.id);
  const w = await t.services.withdrawals.request(u.id, { assetId: eth, amount: '0.2', addressId: a.id });
  const [row] = await t.services.db.select({ email: users.email }).from(users).where(eq(users.id, u.id));
  return { u, w, email: row?.email ?? '' };
}

describe('what the owner sees of a withdrawal', () => {
  it('the wallet shows the available balance and what is held', async () => {
    const { u } = await withdrawn();
    const res = await t.request({ method: 'GET', url: '/api/Wallets', token: u.token });
    const w = (res.json().content as { ticker: string; amount: string; held: string }[]).find(
      (x) => x.ticker === 'ETH',
    );
    expect(w).toMatchObject({ amount: '0.7995', held: '0.2005' });
  });

  it('the history and its CSV list the withdrawal with its status', async () => {
    const { u, w } = await withdrawn();
    const page = await t.request({ method: 'GET', url: '/api/History?pageSize=10', token: u.token });
    const item = page.json().content.items.find((i: { id: string }) => i.id === w.id);
    expect(item).toMatchObject({
      kind: 'withdrawal',
      withdrawalStatus: 'queued',
      status: 2,
      amount: '0.2',
      fee: '0.0005',
    });
    expect(page.json().content.total).toBe(1);
    // Queued for an admin who pays by hand (no chain here): the admin marks it failed.
    await t.services.db.transaction((tx) => endUnpaid(tx, t.services.ledger, w.id, ['queued'], 'failed'));
    const csv = await t.request({ method: 'GET', url: '/api/History/export', token: u.token });
    const line = csv.body.split('\r\n').find((l) => l.startsWith(w.id));
    expect(line).toContain(',withdrawal,failed,');
  });

  it('each change is e-mailed to the owner and pushed to their room only', async () => {
    const { u, w, email } = await withdrawn();
    // The request's own e-mail, staged in its transaction.
    const [queued] = await t.services.mail.outbox({ to: email, limit: 1 });
    expect(queued?.subject).toBe('Your withdrawal of 0.2 ETH: queued');
    expect(queued?.body).toContain(`/withdrawals/${w.id}`);
    const pushed: { w: Withdrawal; to: string }[] = [];
    const events = createWithdrawalEvents({
      db: t.services.db,
      catalog: t.services.catalog,
      chain: t.services.chain,
      mail: t.services.mail,
      feed: { publishWithdrawal: (v, to) => pushed.push({ w: v, to }) > 0 },
      publicUrl: 'https://vaultline.example',
    });
    const row = await t.services.db.transaction((tx) =>
      endUnpaid(tx, t.services.ledger, w.id, ['queued'], 'rejected', { note: 'not allowed' }),
    );
    if (!row) throw new Error('not moved');
    await events.changed(row);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.to).toBe(u.id);
    expect(pushed[0]?.w).toMatchObject({ id: w.id, status: 'rejected', ticker: 'ETH', total: '0.2005' });
    const [rejected] = await t.services.mail.outbox({ to: email, limit: 1 });
    expect(rejected?.subject).toBe('Your withdrawal of 0.2 ETH: rejected');
    expect((await findWithdrawal(t.services.db, w.id))?.status).toBe('rejected');
  });
});
