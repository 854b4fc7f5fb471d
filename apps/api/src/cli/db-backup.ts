import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, backup, restore } from '../db/backup';

const USAGE = `Usage:
  npm run db:backup -- [file] [--force]   back up the database (DATABASE_URL, else the embedded one in DATA_DIR)
  npm run db:restore -- <file>            restore a backup into an empty database (a new DATABASE_URL
                                          database, or a new DATA_DIR for the embedded one)
The embedded database is backed up with the server stopped (--force: it stopped without closing it).
See docs/operations.md, "Backups".`;

/** The file a backup goes to when none is named: the kind's extension, the time in its name. */
export function defaultBackupFile(usesPostgres: boolean, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return path.resolve(`vaultline-backup-${stamp}.${usesPostgres ? 'dump' : 'tar.gz'}`);
}

async function main() {
  const [mode, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || (mode !== 'backup' && mode !== 'restore') || positionals.length > 1) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const config = loadConfig(process.env);
  const target = { databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  if (mode === 'backup') {
    const file = path.resolve(positionals[0] ?? defaultBackupFile(Boolean(config.databaseUrl)));
    const done = await backup(target, file, { force: values.force === true });
    console.log(
      `Backed up the ${done.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database to ${file} (${done.bytes} bytes).`,
    );
    return;
  }
  const file = positionals[0];
  if (!file) throw new BackupError('Name the backup file to restore.');
  const done = await restore(target, path.resolve(file));
  console.log(
    `Restored ${file} into the ${done.kind === 'postgres' ? 'PostgreSQL database of DATABASE_URL' : `embedded database in ${config.dataDir}`}. ` +
      'Start the server on it; it applies any newer migrations at start.',
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    if (!(err instanceof BackupError)) console.error(USAGE);
    process.exit(1);
  });
}
