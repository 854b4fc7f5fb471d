import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { newPglite } from './pglite';

/**
 * Backups that restore (docs/operations.md, "Backups"): PostgreSQL through pg_dump's custom format
 * (a consistent snapshot, taken while the API runs) and pg_restore into an empty database; the
 * embedded database as PGlite's own archive of its data directory (a consistent copy: the server
 * is stopped, so nothing writes) loaded into a new directory.
 */
export interface BackupTarget {
  databaseUrl: string | undefined;
  /** DATA_DIR: the embedded database lives in <dataDir>/pglite. */
  dataDir: string;
}

export type BackupKind = 'postgres' | 'pglite';

export class BackupError extends Error {}

/** The embedded database's directory for a DATA_DIR (as db/client.ts opens it). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** Writes a backup of the configured database to `file`; returns its kind and size. */
export async function backup(
  target: BackupTarget,
  file: string,
  opts: { force?: boolean } = {},
): Promise<{ kind: BackupKind; bytes: number }> {
  if (target.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      target.databaseUrl,
    ]);
    return { kind: 'postgres', bytes: (await readFile(file)).length };
  }
  const dir = pgliteDir(target.dataDir);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`No embedded database in ${dir}.`);
  if (existsSync(path.join(dir, 'postmaster.pid')) && !opts.force)
    throw new BackupError(
      `The embedded database in ${dir} is open: stop the server first. If no server runs (it ` +
        'stopped without closing it), add --force.',
    );
  const client = newPglite(dir);
  try {
    await client.waitReady;
    const archive = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    await writeFile(file, archive);
    return { kind: 'pglite', bytes: archive.length };
  } finally {
    await client.close();
  }
}

/** Restores `file` into the configured database, which must be new (empty); returns its kind. */
export async function restore(target: BackupTarget, file: string): Promise<{ kind: BackupKind }> {
  const kind = await kindOf(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres')
      throw new BackupError(
        `${file} is a backup of the embedded database; unset DATABASE_URL to restore it.`,
      );
    await assertEmpty(target.databaseUrl);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return { kind };
  }
  if (kind !== 'pglite')
    throw new BackupError(
      `${file} is a PostgreSQL backup; set DATABASE_URL to an empty database to restore it.`,
    );
  const dir = pgliteDir(target.dataDir);
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new BackupError(`${dir} is not empty: restore into a new DATA_DIR (nothing is overwritten).`);
  const client = newPglite(dir, { loadDataDir: new Blob([await readFile(file)]) });
  await client.waitReady;
  await client.close();
  return { kind };
}

/** pg_dump's custom format starts with "PGDMP"; PGlite's archive is gzip (1f 8b). */
async function kindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r').catch(() => {
    throw new BackupError(`Cannot read ${file}.`);
  });
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    throw new BackupError(`${file} is not a Vaultline backup (neither pg_dump's nor PGlite's format).`);
  } finally {
    await handle.close();
  }
}

/** A restore never mixes with existing data: the target holds no table at all. */
async function assertEmpty(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new BackupError('The database in DATABASE_URL is not empty: restore into a new database.');
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c) => {
      err += String(c);
    });
    child.once('error', (e) =>
      reject(new BackupError(`${command} could not run (${e.message}); install postgresql-client.`)),
    );
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (${code}): ${err.trim().slice(-1000)}`)),
    );
  });
}
