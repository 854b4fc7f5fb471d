/**
 * Summarises a V8 CPU profile (node --cpu-prof): self time by package and by function.
 * Run: node --import tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 * "Package" is the node_modules package, "node:" for Node's own code, "app" for ours, or V8's
 * pseudo-nodes ((idle), (garbage collector), (program)).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function packageOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  if (url.startsWith('node:')) return 'node:';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return (m[m.length - 1] ?? '').replace('node_modules/', '');
  return 'app';
}

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.ts <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const pkg = packageOf(url, functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  const short = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${short}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
}
const show = (title: string, m: Map<string, number>) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
  }
};
show('Self time by package', byPackage);
show('Self time by function', byFunction);
