import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { seedReference } from '../db/seed';

/**
 * Migrates and seeds once per test run: into a PGlite snapshot file, or, with DATABASE_URL, into a
 * PostgreSQL template database that each test file copies.
 */
export default async function setup({ provide }: TestProject) {
  const base = process.env.DATABASE_URL;
  if (base) {
    const name = `tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), 2);
    await seedReference(database.db);
    await database.close();
    provide('templateDb', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vaultline-pglite-'));
  const database = await openPglite();
  await seedReference(database.db);
  const file = path.join(dir, 'snapshot.tar.gz');
  if (!database.pglite) throw new Error('expected an embedded database');
  const dump = await database.pglite.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  provide('pgliteSnapshot', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
    pgliteSnapshot: string;
  }
}
