import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/client';
import { TEMPLATE_STAMP } from '../db/pglite-template';
import { referenceRows, seedReference } from '../db/seed';

// `node dist/make-pglite-template.js <dir> <stamp-json>`, run by apps/api/build.mjs: makes the
// database template (db/pglite-template.ts), migrated and holding the reference data, unless the
// one in <dir> was made from the same PGlite version and migrations (the build's stamp) and the
// same reference rows.
const [dir, buildStamp] = process.argv.slice(2);
if (!dir || !buildStamp) {
  console.error('usage: make-pglite-template.js <dir> <stamp-json>');
  process.exit(1);
}
const reference = createHash('sha256').update(JSON.stringify(referenceRows())).digest('hex');
const stamp = JSON.stringify({ ...JSON.parse(buildStamp), reference });
let current: string | undefined;
try {
  current = readFileSync(path.join(dir, TEMPLATE_STAMP), 'utf8');
} catch {
  current = undefined;
}
if (current !== stamp) {
  console.log('Making the embedded database template...');
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await openPglite({ dataDir: partial });
  await seedReference(database.db);
  await database.close();
  // The stamp goes last: a template without one is unfinished and never used.
  writeFileSync(path.join(partial, TEMPLATE_STAMP), stamp);
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}
