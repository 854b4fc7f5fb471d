import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/client';
import { TEMPLATE_STAMP } from '../db/pglite-template';

// `node dist/make-pglite-template.js <dir> <stamp-json>`: run by apps/api/build.mjs when the
// template (db/pglite-template.ts) is missing or was made from other migrations or another PGlite.
const [dir, stamp] = process.argv.slice(2);
if (!dir || !stamp) {
  console.error('usage: make-pglite-template.js <dir> <stamp-json>');
  process.exit(1);
}
const partial = `${dir}.partial`;
rmSync(partial, { recursive: true, force: true });
const database = await openPglite({ dataDir: partial });
await database.close();
// The stamp goes last: a template without one is unfinished and never used.
writeFileSync(path.join(partial, TEMPLATE_STAMP), JSON.stringify(JSON.parse(stamp)));
rmSync(dir, { recursive: true, force: true });
renameSync(partial, dir);
