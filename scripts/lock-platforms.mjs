// The npm registry reachable here lacks Biome's non-Linux binaries, so `npm install` leaves them out
// of package-lock.json and `npm ci` then refuses the lock. This adds the missing optional platform
// entries (never installed on Linux) so the lock stays valid everywhere. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const biome = lock.packages['node_modules/@biomejs/biome'];
let added = 0;
for (const name of Object.keys(biome?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [os, cpu, libc] = name.replace('@biomejs/cli-', '').split('-');
  lock.packages[key] = {
    version: biome.optionalDependencies[name],
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
  };
  added++;
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-platforms: added ${added} entries`);
