import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import { newPglite } from '../db/pglite';
import { seedReference } from '../db/seed';
import type { Services } from '../services';

/**
 * One database per test file: a PGlite restored from the migrated snapshot made once per run
 * (see global-setup.ts), or, with DATABASE_URL, a fresh PostgreSQL database created from the
 * migrated template and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDb() ?? 'template0'}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 20);
    if (!templateDb()) await seedReference(database.db);
    return {
      ...database,
      async close() {
        await database.close();
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        // pool.end() resolves before its connections have left the server; dropping with FORCE
        // at that moment makes them report "terminating connection" as unhandled errors.
        for (let i = 0; i < 100; i++) {
          const r = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
            name,
          ]);
          if (r.rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const snapshot = provided('pgliteSnapshot');
  if (snapshot) {
    const { readFile } = await import('node:fs/promises');
    const blob = new Blob([await readFile(snapshot)]);
    const client = newPglite(undefined, { loadDataDir: blob });
    return openPglite({ client });
  }
  const database = await openPglite();
  await seedReference(database.db);
  return database;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-jwt-secret-test-jwt-secret-test-jwt',
    COOKIE_SECRET: 'test-cookie-secret-test-cookie-secret-xx',
    TWO_FACTOR_ENCRYPTION_KEY: 'test-two-factor-key-test-two-factor-key-x',
    DATA_DIR: '/tmp/vaultline-test',
    AUTH_RATE_LIMIT_MAX: '1000',
    AUTH_ACCOUNT_RATE_LIMIT_MAX: '1000',
    GUEST_RATE_LIMIT_MAX: '1000',
    // Many files send keys that are not valid from 127.0.0.1 (a shared Redis adds them up); the
    // limit itself is tested with its own setting (partner-rate-limit.test.ts).
    PARTNER_KEY_FAILURE_RATE_LIMIT_MAX: '1000',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  services: Services;
  /** app.inject with the XSRF cookie and header already set (override with xsrf: false). */
  request(opts: InjectOptions & { token?: string; xsrf?: boolean }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The chain module's test seams (the payout worker's hooks, adapters built by a test). */
export type ChainTestSeams = NonNullable<Parameters<typeof buildApp>[0]['chainTest']>;

export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    overrides?: Partial<Services>;
    logStream?: NodeJS.WritableStream;
    /** A database opened by the test (closed with the app); a fresh test database otherwise. */
    database?: Database;
    /** Test seams of the chain module (the payout worker's hooks, adapters built by the test). */
    chainTest?: ChainTestSeams;
    /** Demo mode's local chains, as the server passes them (watched once they are up). */
    demoChains?: Parameters<typeof buildApp>[0]['demoChains'];
  } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const config = testConfig(opts.env);
  const app = await buildApp({
    config,
    database,
    pluginTimeout: 0,
    ...(opts.overrides ? { overrides: opts.overrides } : {}),
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
    ...(opts.chainTest ? { chainTest: opts.chainTest } : {}),
    ...(opts.demoChains ? { demoChains: opts.demoChains } : {}),
  });
  await app.ready();
  const xsrf = 'test-xsrf-token-value';
  return {
    app,
    database,
    services: app.services,
    request({ token, xsrf: withXsrf = true, headers, cookies, ...rest }) {
      return app.inject({
        ...rest,
        headers: {
          ...(withXsrf ? { 'x-xsrf-token': xsrf } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        cookies: { ...(withXsrf ? { 'XSRF-TOKEN': xsrf } : {}), ...cookies },
      });
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

function provided(key: 'templateDb' | 'pgliteSnapshot'): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}
const templateDb = () => provided('templateDb');

/** A log stream for a test app that keeps each line the app logs in `lines`, for a test to read. */
export function logLines(lines: string[]): Writable {
  return new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
}
