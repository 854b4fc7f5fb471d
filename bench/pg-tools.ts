/** Small helpers the PostgreSQL benches share (bench/money-path.ts, bench/money-path-sql.ts). */
import { execFileSync } from 'node:child_process';

/** The same server URL, naming another database. */
export function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Runs `pgbench -n -c clients -j 2 -T seconds <args> <url>` and reads its TPS (without connection
 * time) and transaction count; throws when a transaction failed or the output is not understood.
 * A later `-T` in args overrides `seconds`.
 */
export function pgbench(
  url: string,
  { clients, seconds, args }: { clients: number; seconds: number; args: string[] },
): { tps: number; transactions: number } {
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), ...args, url],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const tps = out.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
  const n = out.match(/number of transactions actually processed: (\d+)/)?.[1];
  const failed = out.match(/number of failed transactions: (\d+)/)?.[1];
  if (!tps || !n) throw new Error(`pgbench output not understood:\n${out}`);
  if (failed && Number(failed) > 0) throw new Error(`pgbench: ${failed} failed transactions\n${out}`);
  return { tps: Number(tps), transactions: Number(n) };
}
