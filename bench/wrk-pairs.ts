/**
 * The lock + convert load of bench/money-path.ts driven by wrk (Debian's package, C and LuaJIT):
 * one wrk thread and connection per user, running bench/money-path.lua. The load generator shares
 * the machine's cores with the API and PostgreSQL, so the lightest one leaves the most to what is
 * measured (as pgbench, in C, does on its side). Its CPU time is read through the shell that waits
 * for it (the children times of /proc/<shell>/stat).
 */
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export interface LoadRound {
  pairs: number;
  refused: number;
  p50ms: number;
  p99ms: number;
  seconds: number;
  clientCpuMs: number;
  firstRefusal: string;
}

export function wrkAvailable(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its banner and exits 1
    return (err as { status?: number }).status === 1;
  }
}

export function wrkPairs(opts: {
  port: number;
  tokens: string[];
  left: string;
  right: string;
  seconds: number;
  tokensFile: string;
}): Promise<LoadRound> {
  writeFileSync(opts.tokensFile, `${opts.tokens.join('\n')}\n`);
  const script = path.join(import.meta.dirname, 'money-path.lua');
  const n = String(opts.tokens.length);
  const wrk = [
    'wrk',
    '-t',
    n,
    '-c',
    n,
    '-d',
    `${opts.seconds}s`,
    '-s',
    script,
    `http://127.0.0.1:${opts.port}`,
    '--',
    opts.tokensFile,
    opts.left,
    opts.right,
  ]
    .map((a) => `'${a}'`)
    .join(' ');
  // The shell's own stat after wrk ends: fields 16 and 17 (cutime, cstime) hold wrk's CPU time.
  const shell = `${wrk} && echo "STAT $(cat /proc/$$/stat)" && getconf CLK_TCK`;
  return new Promise((resolve, reject) => {
    execFile('sh', ['-c', shell], { encoding: 'utf8' }, (err, stdout) => {
      if (err) return reject(err);
      const json = stdout.split('\n').find((l) => l.startsWith('{"pairs"'));
      const stat = stdout.split('\n').find((l) => l.startsWith('STAT '));
      const tick = Number(stdout.trim().split('\n').at(-1));
      if (!json || !stat) return reject(new Error(`wrk output not understood:\n${stdout}`));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const clientCpuMs = ((Number(fields[13]) + Number(fields[14])) * 1000) / tick;
      resolve({ ...(JSON.parse(json) as Omit<LoadRound, 'clientCpuMs'>), clientCpuMs });
    });
  });
}
