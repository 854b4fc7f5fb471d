// Import cycles (part of `npm run lint`, decision 0048). dependency-cruiser reads the import graph
// of apps/api/src, bench and packages (type-only imports included) with .dependency-cruiser.cjs, and
// this fails on
// - a cycle between files (its `no-circular` rule), and
// - a cycle between modules: the graph with every file of apps/api/src/modules/<area>/ taken as one
//   node <area>. A module's imports say what it stands on, so no module may stand on one that
//   stands on it, however many modules lie between. Each cycle is printed with the imports that make it.
// Biome's noImportCycles checks file cycles in the whole repository too (biome.json).
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs');
const { output } = await cruise(['apps/api/src', 'bench', 'packages'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
});

let failed = false;
for (const v of output.summary.violations) {
  failed = true;
  const cycle = v.cycle?.map((c) => c.name) ?? [v.to];
  console.error(`${v.rule.name}, an import cycle between files: ${[v.from, ...cycle].join('\n  -> ')}\n`);
}

// Module graph: area -> area -> one import (from file, to file) that makes the arrow.
const areaOf = (file) => /^apps\/api\/src\/modules\/([^/]+)\//.exec(file)?.[1];
/** @type {Map<string, Map<string, [string, string]>>} */
const arrows = new Map();
for (const m of output.modules) {
  const from = areaOf(m.source);
  if (!from) continue;
  if (!arrows.has(from)) arrows.set(from, new Map());
  for (const d of m.dependencies) {
    const to = areaOf(d.resolved);
    if (to && to !== from && !arrows.get(from)?.has(to)) arrows.get(from)?.set(to, [m.source, d.resolved]);
  }
}

// Strongly connected components (Tarjan): a component of more than one module is a cycle.
let index = 0;
const stack = [];
const info = new Map();
const components = [];
function visit(v) {
  info.set(v, { index, low: index, onStack: true });
  index++;
  stack.push(v);
  for (const w of arrows.get(v)?.keys() ?? []) {
    if (!info.has(w)) {
      visit(w);
      info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
    } else if (info.get(w).onStack) {
      info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
  }
  if (info.get(v).low === info.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      info.get(w).onStack = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  }
}
for (const v of arrows.keys()) if (!info.has(v)) visit(v);

for (const component of components) {
  failed = true;
  const inside = new Set(component);
  const lines = [];
  for (const from of [...component].sort()) {
    for (const [to, [a, b]] of arrows.get(from) ?? []) {
      if (inside.has(to)) lines.push(`  ${from} -> ${to}: ${a} imports ${b}`);
    }
  }
  console.error(`import cycle between modules ${[...component].sort().join(', ')}:\n${lines.join('\n')}\n`);
}

const modules = output.summary.totalCruised;
if (failed) {
  console.error('Put what both sides need where both can import it, or pass it in from services.ts.');
  process.exit(1);
}
console.log(`check-imports: no import cycle (${modules} files, ${arrows.size} modules)`);
