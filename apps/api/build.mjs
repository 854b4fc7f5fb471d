// `npm run build -w @vaultline/api`: the API as plain JavaScript, so production runs
// `node apps/api/dist/server.js` without a TypeScript loader (docs/decisions/0014).
// esbuild bundles our sources and the workspace package @vaultline/shared (it exports TypeScript
// source), keeps every package from node_modules external (Node loads them as usual), and copies
// the migrations beside the bundle: db/client.ts finds them next to its own module
// (import.meta.url), which is dist/ once bundled. Then it makes the embedded-database template a
// new data dir starts from (src/db/pglite-template.ts), unless the one there is still current.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
export const apiDist = path.join(here, 'dist');
const migrations = path.join(here, 'src/db/migrations');
const template = path.join(apiDist, 'pglite-template');
const require = createRequire(import.meta.url);

/** dist/<name>.js for each entry: the server and every command-line tool (src/cli/<name>.ts). */
const entryPoints = {
  server: 'src/server.ts',
  ...Object.fromEntries(
    readdirSync(path.join(here, 'src/cli'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => [path.basename(f, '.ts'), `src/cli/${f}`]),
  ),
};

/**
 * Bundled although they are packages: @vaultline/* (Node cannot load their .ts files) and JSON
 * data files of packages (esbuild would drop the `with { type: 'json' }` Node needs for them).
 */
const bundleSomePackages = {
  name: 'bundle-some-packages',
  setup(build) {
    build.onResolve({ filter: /^@vaultline\// }, (args) => ({
      path: fileURLToPath(import.meta.resolve(args.path)),
    }));
    build.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({
      path: createRequire(args.importer).resolve(args.path),
    }));
  },
};

/** What the template depends on, besides the reference rows: the PGlite version and the migrations. */
function templateStamp() {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const hash = createHash('sha256');
  for (const f of readdirSync(migrations, { recursive: true }).sort()) {
    const file = path.join(migrations, String(f));
    if (f.endsWith('.sql') || f.endsWith('.json')) hash.update(String(f)).update(readFileSync(file));
  }
  return JSON.stringify({ pglite: version, migrations: hash.digest('hex') });
}

export async function buildApi() {
  const started = performance.now();
  // Everything but the template, which is kept while its stamp says it is current.
  for (const f of existsSync(apiDist) ? readdirSync(apiDist) : []) {
    if (f !== 'pglite-template') rmSync(path.join(apiDist, f), { recursive: true, force: true });
  }
  await esbuild.build({
    absWorkingDir: here,
    entryPoints,
    outdir: apiDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [bundleSomePackages],
    // The server imports the app only after it has started copying the database template: with
    // splitting, that import loads a chunk (and its packages) then, not before the first line runs.
    // Chunks stay in dist/ itself, where import.meta.url-relative paths expect them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    // Not minified: stack traces stay readable; `node --enable-source-maps` maps them to src/.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(migrations, path.join(apiDist, 'migrations'), { recursive: true });
  // The template maker compares this stamp (and the reference rows) with the template's own.
  const r = spawnSync(
    process.execPath,
    [path.join(apiDist, 'make-pglite-template.js'), template, templateStamp()],
    {
      stdio: 'inherit',
    },
  );
  if (r.status !== 0) throw new Error('making the embedded database template failed');
  const ms = Math.round(performance.now() - started);
  console.log(`API built into ${path.relative(process.cwd(), apiDist) || '.'} in ${ms} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildApi();
