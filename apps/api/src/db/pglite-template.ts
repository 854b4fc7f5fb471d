import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * A migrated, empty embedded database that a new data dir starts as. PGlite's own initdb costs
 * several seconds of CPU on a first start; copying this folder takes a fraction of that. The build
 * makes it beside the compiled server (apps/api/dist/pglite-template, stamped with the PGlite
 * version and migrations it was made from: see apps/api/build.mjs and cli/make-pglite-template.ts);
 * running from the TypeScript sources there is none and PGlite creates the database itself.
 * Node built-ins only: the server starts the copy before it loads the rest of the app.
 */
export const pgliteTemplateDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');
export const TEMPLATE_STAMP = 'vaultline-template.json';

// The copy is about 1,000 files, and creating files is slow on small virtual machines (~0.6 ms
// each here): a worker thread does it while the main thread loads the app's modules.
const COPY = `const { cpSync } = require('node:fs');
const { workerData } = require('node:worker_threads');
cpSync(workerData.from, workerData.to, { recursive: true });`;

/** Fills a missing or empty PGlite data dir from the template, if there is one; true when it did. */
export async function copyPgliteTemplate(dataDir: string, template = pgliteTemplateDir): Promise<boolean> {
  if (!existsSync(path.join(template, TEMPLATE_STAMP))) return false;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  // Copy beside it, then rename: a start stopped halfway never leaves a half database.
  const partial = `${dataDir}.partial-${process.pid}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(COPY, { eval: true, workerData: { from: template, to: partial } });
      worker.once('error', reject);
      worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`copy exited with ${code}`))));
    });
    rmSync(path.join(partial, TEMPLATE_STAMP));
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(partial, dataDir);
    return true;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
