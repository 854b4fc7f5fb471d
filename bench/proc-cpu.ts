/**
 * CPU time of processes, read from /proc (Linux): a benchmark's API process and every PostgreSQL
 * server process, so that CPU per operation is measured, not guessed from wall time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** utime and stime of a process, in ms (stime includes loopback TCP work done in its syscalls). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
}
export function cpuMs(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

/** CPU ms of each PostgreSQL server process (the postmaster and its children), by pid. */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres')
        byPid.set(Number(pid), cpuMs(Number(pid)));
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/** PostgreSQL CPU spent since `before`: per process alive at the end (a new one counts whole). */
export function postgresCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
  return total;
}
