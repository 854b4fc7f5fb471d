import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { withdrawals } from '../../db/schema';
import type { TestApp } from '../../test/test-app';
import { type Chains, chainApp, payoutsOf, startChains } from '../chain/chain.test-helpers';
import { assetId, fund, makeUser } from '../ledger/ledger.test-helpers';
import { createWithdrawalAdmin } from './admin-withdrawals.service';
import { holdFunds } from './withdrawal-moves';
import { createWithdrawalsService } from './withdrawals.service';
import { eventRecorder, money, withdrawalRow } from './withdrawals.test-helpers';

// Races between the owner's cancel and an admin's decision (decision 0054): whichever commits
// first, a withdrawal is either paid or given back, never both.
let chains: Chains;
let t: TestApp;
let admin: { id: string; token: string };
const events = eventRecorder();

beforeAll(async () => {
  chains = await startChains({ confirmations: 1 });
  t = await chainApp(chains, { AUTO_PAYOUT_MAX_USD: '100000', LOG_LEVEL: 'warn' });
  admin = await makeUser(t, { role: 'admin' });
}, 90_000);

afterAll(async () => {
  await t?.close();
  await chains?.stop();
});

/** A crypto withdrawal in review (no payout yet), its amount held. */
async function inReview(userId: string) {
  const asset = await assetId(t, 'ETH');
  return t.services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        assetId: asset,
        kind: 'crypto',
        network: t.services.chain.watched('ETH')?.network ?? 'ETH',
        toAddress: '0x8888888888888888888888888888888888888891',
        amount: '0.1',
        fee: '0',
        usdValue: '300',
        status: 'review',
        reviewReasons: ['firstWithdrawal'],
      })
      .returning();
    if (!row) throw new Error('no withdrawal');
    await holdFunds(tx, t.services.ledger, row);
    return row;
  });
}

describe('cancel racing an approval', () => {
  it('the approval lands between the cancel reading the withdrawal and its transaction: the payout it made is cancelled too', async () => {
    const user = await makeUser(t);
    await fund(t, user.id, 'ETH', '1');
    const w = await inReview(user.id);
    const { db, ledger, chain, catalog, audit, mail, prices } = t.services;
    const adminSide = createWithdrawalAdmin({ db, ledger, chain, catalog, audit, events, log: t.app.log });
    // The cancel's database: the admin's approval commits just before its transaction starts.
    let raced = false;
    const racingDb = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'transaction')
          return async (...args: Parameters<Db['transaction']>) => {
            if (!raced) {
              raced = true;
              await adminSide.approve(admin.id, w.id);
            }
            return target.transaction(...args);
          };
        return Reflect.get(target, prop, receiver);
      },
    }) as Db;
    const userSide = createWithdrawalsService({
      db: racingDb,
      config: t.app.config,
      catalog,
      ledger,
      prices,
      chain,
      mail,
    });

    const outcome = await userSide.cancel(user.id, w.id).then(
      (r) => r.status,
      (err: { code?: string }) => err.code,
    );
    expect(raced).toBe(true);
    const after = await withdrawalRow(t, w.id);
    const [payout] = await payoutsOf(t, w.id);
    expect(payout).toBeDefined();
    if (outcome === 'cancelled') {
      // Given back: its payout must never be sent.
      expect(after.status).toBe('cancelled');
      expect(payout?.status).toBe('cancelled');
      expect(await money(t, user.id, 'ETH')).toEqual({ available: '1', held: '0' });
    } else {
      // Refused: it goes on its way, the money still held.
      expect(outcome).toBe('WITHDRAWAL_NOT_CANCELLABLE');
      expect(after.status).not.toBe('cancelled');
      expect(await money(t, user.id, 'ETH')).toEqual({ available: '0.9', held: '0.1' });
    }
  }, 60_000);
});
