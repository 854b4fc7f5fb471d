// `npm start`: build what is missing or older than its sources (the web app, the API), then serve
// the whole product (API + app) on one port from the compiled API, `node apps/api/dist/server.js`,
// with the embedded database unless DATABASE_URL is set.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const api = path.join(root, 'apps/api');
const shared = path.join(root, 'packages/shared/src');

function newest(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let t = 0;
  for (const e of readdirSync(p)) t = Math.max(t, newest(path.join(p, e)));
  return t;
}

/** True when `built` is missing or older than any of `sources`. */
const stale = (built, sources) =>
  !existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newest));

const webBuilt = path.join(web, 'dist/index.html');
if (
  stale(webBuilt, [path.join(web, 'index.html'), path.join(web, 'src'), path.join(web, 'public'), shared])
) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@vaultline/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const apiBuilt = path.join(api, 'dist/server.js');
if (stale(apiBuilt, [path.join(api, 'src'), path.join(api, 'build.mjs'), shared])) {
  console.log('Building the API...');
  const { buildApi } = await import('../apps/api/build.mjs');
  await buildApi();
}

const server = spawn(process.execPath, [apiBuilt], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WEB_DIST: process.env.WEB_DIST ?? path.join(web, 'dist') },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
