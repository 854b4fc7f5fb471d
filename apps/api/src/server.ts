import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config';
import { copyPgliteTemplate } from './db/pglite-template';
import type { startDemoChains } from './modules/chain/demo-chain';

type DemoChains = NonNullable<Awaited<ReturnType<typeof startDemoChains>>>;

// Milliseconds since the previous call (the first: since the process started), and the CPU time
// the process (all its threads) used in them, for the start line: on a busy machine the time
// stretches, the CPU much less.
let last = { at: 0, cpu: 0 };
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
function lap(): string {
  const now = { at: process.uptime() * 1000, cpu: cpuMs() };
  const ms = `${Math.round(now.at - last.at)} (CPU ${Math.round(now.cpu - last.cpu)})`;
  last = now;
  return ms;
}

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
  // Tracing starts before the app and the database client load (it patches `pg` as it loads).
  const stopTracing = config.tracing.endpoint
    ? await (await import('./tracing')).startTracing(config.tracing.serviceName, config.instanceName)
    : undefined;

  // A new embedded database starts as the build's migrated template (openDatabase keeps PGlite in
  // <DATA_DIR>/pglite), copied while the rest of the app loads: seconds faster than PGlite
  // creating it. Without a template (run from the sources) or if the copy fails, PGlite creates it.
  const copying = config.databaseUrl
    ? Promise.resolve(false)
    : copyPgliteTemplate(path.join(config.dataDir, 'pglite')).catch((err: unknown) => {
        console.error(`Could not copy the database template (${String(err)}); creating the database.`);
        return false;
      });
  const [
    { buildApp },
    { openDatabase },
    { seedDemo, seedFirstAdmin, seedReference },
    { deferFastSerializer },
  ] = await Promise.all([
    import('./app'),
    import('./db/client'),
    import('./db/seed'),
    import('./lib/response-serializer'),
  ]);
  const fromTemplate = await copying;
  const phases = [`modules ${lap()}`];
  // DEMO: local chains for ETH and BSC when no network is configured (DECISIONS §10). They start
  // once the server answers (they would compete with its start for the CPU) and join the app then.
  let startChains = () => {};
  const demoChains: Promise<DemoChains | undefined> = config.chains.demoChain
    ? new Promise((resolve) => {
        startChains = () => {
          import('./modules/chain/demo-chain')
            .then((m) => m.startDemoChains(config.dataDir, (l) => console.log(l)))
            .then(resolve, (err: unknown) => {
              console.error(`Demo chains could not start (${String(err)}).`);
              resolve(undefined);
            });
        };
      })
    : Promise.resolve(undefined);
  // A copy of the template is migrated and holds the reference rows already (the build made both
  // from the same migrations and rows): neither is checked again.
  const database = await openDatabase(config, { fromTemplate });
  phases.push(`database ${lap()}${fromTemplate ? ' (from the template)' : ''}`);
  // Instances starting together on one PostgreSQL seed one after the other (each seed is idempotent).
  const demo = await database.exclusive(async () => {
    if (!fromTemplate) await seedReference(database.db);
    await seedFirstAdmin(database.db, config);
    return config.demo ? await seedDemo(database.db, config) : [];
  });
  phases.push(`seed ${lap()}`);

  // The demo chains join the app when they are up: the server answers without waiting for them.
  const loadFastSerializer = deferFastSerializer();
  const app = await buildApp({ config, database, demoChains });
  // One close, however many signals come: a terminal's Ctrl-C or `kill` of the group reaches the
  // server both directly and through `npm start`, which passes it on; a second signal must not end
  // the process halfway through its close. A close that has not ended in SHUTDOWN_TIMEOUT_SECONDS
  // (work that hangs) is cut short with an error naming the step, after the demo chains are stopped.
  let step: string | undefined;
  const close = async (signal: string) => {
    if (step) return;
    step = 'closing the app';
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`shutdown did not end within ${config.shutdownTimeoutMs} ms (${step}); exiting`);
      void stopChains().finally(() => process.exit(1));
    }, config.shutdownTimeoutMs).unref();
    await app.close();
    step = 'closing the database';
    await database.close();
    step = 'stopping the demo chains';
    await stopChains();
    step = 'flushing the traces';
    await stopTracing?.().catch(() => undefined);
    process.exit(0);
  };
  const stopChains = async () => (await demoChains.catch(() => undefined))?.stop();
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Then what the first answers did not wait for: the chains, the fast response serializer.
  startChains();
  setImmediate(loadFastSerializer);
  phases.push(`app ${lap()}`);
  app.log.info(
    `started in ${Math.round(process.uptime() * 1000)} ms (CPU ${Math.round(cpuMs())}): ${phases.join(', ')} ms`,
  );
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
