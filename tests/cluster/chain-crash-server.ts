// The API as `npm start` runs it, but with its payout worker set to kill its own process (SIGKILL)
// right after a payout is stored signed (CRASH_AT=sign) or right after it is broadcast
// (CRASH_AT=broadcast): the two moments exactly-once payouts must survive. Test use only.
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import { seedReference } from '../../apps/api/src/db/seed';

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
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
