import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo, seedFirstAdmin, seedReference } from './db/seed';

/** Process entry: config, database, seed, listen, graceful close. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  config.webDist ??= path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

  const database = await openDatabase(config);
  await seedReference(database.db);
  await seedFirstAdmin(database.db, config);
  const demo = config.demo ? await seedDemo(database.db, config) : [];

  const app = await buildApp({ config, database });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = `http://localhost:${config.port}`;
  console.log(`\nVaultline is running at ${where} (API ${where}/api, docs ${where}/api/docs)`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  );
  if (config.demo) {
    console.log('Demo mode. Demo accounts:');
    for (const a of demo) {
      console.log(
        `  ${a.email}  password: ${a.password ?? '(set at first start; set DEMO_*_PASSWORD to choose one)'}`,
      );
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
