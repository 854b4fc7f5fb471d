// `npm run typecheck`: every workspace's `tsc --noEmit`, two at a time. Each tsc uses one core, and
// the projects do not depend on each other's output (--noEmit), so on the 2-core CI machine two side
// by side take about half as long as the seven one after another. Every project is checked even when
// one fails; the exit code is 1 if any failed, and each project's output is printed in one piece.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = [
  'apps/api',
  'apps/web',
  'packages/shared',
  'packages/partner-client',
  'scripts',
  'tests',
  'bench',
];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const parallel = Math.max(1, Math.min(Number(process.env.TYPECHECK_JOBS) || 2, os.availableParallelism()));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('close', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${secs} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
let failed = false;
await Promise.all(
  Array.from({ length: parallel }, async () => {
    for (let p = queue.shift(); p; p = queue.shift()) if (!(await check(p))) failed = true;
  }),
);
process.exit(failed ? 1 : 0);
