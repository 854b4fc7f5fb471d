// The API as `npm start` runs it, with its payout worker set to kill its own process (SIGKILL) right
// after a payout is stored signed (CRASH_AT=sign) or right after it is broadcast (CRASH_AT=broadcast).
// With WITHDRAW_TO set, once ETH is watched it makes one user with 1 ETH who withdraws
// WITHDRAW_AMOUNT ETH to that address (made directly: the request's routes are another part).
// Test use only.
import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { users } from '../../apps/api/src/db/schema';
import { seedReference } from '../../apps/api/src/db/seed';
import { requestWithdrawalDirect } from '../../apps/api/src/modules/withdrawals/withdrawals.test-helpers';

const crash = () => process.kill(process.pid, 'SIGKILL');
const at = process.env.CRASH_AT;
const config = loadConfig();
const database = await openDatabase(config);
await database.exclusive(() => seedReference(database.db));
const app = await buildApp({
  config,
  database,
  chainTest: {
    payoutHooks: at === 'sign' ? { afterSign: crash } : at === 'broadcast' ? { afterBroadcast: crash } : {},
  },
});
await app.listen({ port: config.port, host: '127.0.0.1' });

const to = process.env.WITHDRAW_TO;
if (to) {
  const { db, ledger, chain, catalog } = app.services;
  while (!chain.watched('ETH')?.payouts) await new Promise((r) => setTimeout(r, 50));
  const eth = (await catalog.byTicker('ETH'))?.id as string;
  const [user] = await db
    .insert(users)
    .values({
      email: `crash-${randomUUID()}@test.vaultline`,
      passwordHash: 'x',
      firstName: 'Crash',
      lastName: 'Test',
      role: 'user',
      preferedCurrency: 'USD',
    })
    .returning({ id: users.id });
  const userId = user?.id as string;
  await db.transaction((tx) =>
    ledger.post(tx, {
      kind: 'test_fund',
      reference: randomUUID(),
      legs: [
        { owner: { kind: 'house' }, assetId: eth, amount: new Decimal(1).neg() },
        { owner: { kind: 'user', userId }, assetId: eth, amount: new Decimal(1) },
      ],
    }),
  );
  await requestWithdrawalDirect(app, {
    userId,
    ticker: 'ETH',
    amount: process.env.WITHDRAW_AMOUNT ?? '0.1',
    fee: '0.001',
    to,
  });
}

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
