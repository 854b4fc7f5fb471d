// Merges translation keys into apps/web/public/i18n/<lang>.json in place (deep merge, keys sorted at
// the top level). Usage: node scripts/i18n-merge.mjs <lang> <keys.json>
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [lang, file] = process.argv.slice(2);
if (!lang || !file) {
  console.error('usage: node scripts/i18n-merge.mjs <lang> <keys.json>');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'apps/web/public/i18n', `${lang}.json`);

const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    a[k] =
      v && typeof v === 'object' && !Array.isArray(v)
        ? merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v)
        : v;
  }
  return a;
};

let current = {};
try {
  current = JSON.parse(readFileSync(target, 'utf8'));
} catch {
  // new file
}
const merged = merge(current, JSON.parse(readFileSync(file, 'utf8')));
const sorted = Object.fromEntries(
  Object.keys(merged)
    .sort()
    .map((k) => [k, merged[k]]),
);
const tmp = `${target}.${process.pid}.tmp`;
writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
renameSync(tmp, target);
