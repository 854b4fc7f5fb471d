// The API as `npm start` runs it, watching LTC with its hot wallet, its payout worker set to kill its
// own process (SIGKILL) right after a batch is stored signed (CRASH_AT=sign). With PAY_TO set (comma-
// separated LTC addresses), once the hot wallet's outputs are seen it asks for one payout of
// PAY_AMOUNT LTC to each, in one database transaction, approved by an admin. Test use only.
import { randomUUID } from 'node:crypto';
import { Decimal } from '@vaultline/shared';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { chainUtxos, users } from '../../apps/api/src/db/schema';
import { seedReference } from '../../apps/api/src/db/seed';

const crash = () => process.kill(process.pid, 'SIGKILL');
const config = loadConfig();
const database = await openDatabase(config);
await database.exclusive(() => seedReference(database.db));
const app = await buildApp({
  config,
  database,
  chainTest: { payoutHooks: process.env.CRASH_AT === 'sign' ? { afterSign: crash } : {} },
});
await app.listen({ port: config.port, host: '127.0.0.1' });

const to = process.env.PAY_TO?.split(',').filter(Boolean) ?? [];
if (to.length > 0) {
  const { db, chain } = app.services;
  while (!chain.watched('LTC')?.payouts || (await db.select().from(chainUtxos)).length === 0)
    await new Promise((r) => setTimeout(r, 50));
  const [admin] = await db
    .insert(users)
    .values({
      email: `crash-${randomUUID()}@test.vaultline`,
      passwordHash: 'x',
      firstName: 'Crash',
      lastName: 'Admin',
      role: 'admin',
      preferedCurrency: 'USD',
    })
    .returning({ id: users.id });
  await db.transaction(async (tx) => {
    for (const address of to)
      await chain.requestPayout(tx, {
        ticker: 'LTC',
        to: address,
        amount: new Decimal(process.env.PAY_AMOUNT ?? '0.1'),
        usdValue: new Decimal(1),
        purpose: 'deposit_refund',
        reference: randomUUID(),
        approvedBy: admin?.id as string,
      });
  });
}

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
