// Test setup for exchange.spec.ts, run before its own server starts: migrates and seeds a fresh data
// folder and sets a house deposit address for one asset, as an admin does in the back office
// (POST Admin/setWalletAddress, not built yet). Usage: node --import tsx exchange.seed.ts <dataDir> <ticker> <address>
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../api/src/db/client';
import { assets } from '../../api/src/db/schema';
import { seedReference } from '../../api/src/db/seed';

const [dataDir, ticker, address] = process.argv.slice(2);
if (!dataDir || !ticker || !address) {
  console.error('usage: exchange.seed.ts <dataDir> <ticker> <address>');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: undefined, dataDir: path.resolve(dataDir) });
await seedReference(database.db);
const updated = await database.db
  .update(assets)
  .set({ adminWalletAddress: address })
  .where(eq(assets.ticker, ticker))
  .returning({ id: assets.id });
await database.close();
if (updated.length !== 1) {
  console.error(`no asset ${ticker}`);
  process.exit(1);
}
