/**
 * CPU time of processes, read from /proc (Linux): a benchmark's API process and every PostgreSQL
 * server process, so that CPU per operation is measured, not guessed from wall time.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** utime and stime of a process, in ms (stime includes loopback TCP work done in its syscalls). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const fields = statFields(pid);
  return { user: Number(fields[11]) * TICK_MS, system: Number(fields[12]) * TICK_MS };
}
export function cpuMs(pid: number): number {
  const t = cpuTimes(pid);
  return t.user + t.system;
}

function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU ms of each PostgreSQL server process (the postmaster and its children), by pid. A backend
 * that has ended (a client disconnected) is counted in its parent's children times, kept under the
 * parent's negative pid, so that a connection opened and closed within a measurement is not lost.
 */
export function postgresCpu(): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const f = statFields(Number(pid));
      byPid.set(Number(pid), (Number(f[11]) + Number(f[12])) * TICK_MS);
      // ppid (field 1) not a postgres process: this is the postmaster.
      const ppid = Number(f[1]);
      if (readFileSync(`/proc/${ppid}/comm`, 'utf8').trim() !== 'postgres')
        byPid.set(-Number(pid), (Number(f[13]) + Number(f[14])) * TICK_MS);
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

/**
 * Waits until no pgbench backend of database `db` is left (pgbench's connections end a moment after it
 * exits), then a little longer for the postmaster to reap them, so that their CPU time is not
 * counted in the next measurement.
 */
export async function backendsGone(
  query: (text: string, values: unknown[]) => Promise<{ rows: { n: number }[] }>,
  db: string,
): Promise<void> {
  for (let i = 0; i < 250; i++) {
    const { rows } = await query(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'pgbench'`,
      [db],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await new Promise((r) => setTimeout(r, 100));
}

/** The machine's CPU time, busy and all, from /proc/stat; with `since`, the busy fraction since then. */
export function machineBusy(since?: { busy: number; total: number }): {
  busy: number;
  total: number;
  fraction: number;
} {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  const busy = total - (cpu[3] ?? 0) - (cpu[4] ?? 0);
  const fraction = since ? (busy - since.busy) / Math.max(1, total - since.total) : busy / Math.max(1, total);
  return { busy, total, fraction: +fraction.toFixed(3) };
}
