import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** This process's name as a lease holder: host, pid and a random part (pids repeat across hosts). */
export const instanceId = () => `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export interface JobLeases {
  /**
   * True when this instance holds (or has just taken) the job's lease, now valid for `ms`; false when
   * another instance's lease has not run out. One statement, so two instances never both win.
   */
  take(name: string, ms: number): Promise<boolean>;
  /** Gives the leases of this instance up (graceful stop), so another instance takes over at once. */
  release(): Promise<void>;
  /** The jobs whose lease this instance holds now, as far as its last takes say (metrics). */
  held(): string[];
}

export function createJobLeases(db: DbOrTx, holder: string = instanceId()): JobLeases {
  /** Job name -> Date.now() until which this instance holds its lease. */
  const until = new Map<string, number>();
  return {
    async take(name, ms) {
      const at = Date.now();
      const res = (await db.execute(sql`
        insert into job_leases (name, holder, until)
        values (${name}, ${holder}, now() + ${`${ms} milliseconds`}::interval)
        on conflict (name) do update set holder = excluded.holder, until = excluded.until
        where job_leases.until < now() or job_leases.holder = excluded.holder
        returning name`)) as unknown as { rows: unknown[] };
      const won = res.rows.length === 1;
      if (won) until.set(name, at + ms);
      else until.delete(name);
      return won;
    },
    async release() {
      until.clear();
      await db.execute(sql`delete from job_leases where holder = ${holder}`);
    },
    held() {
      const now = Date.now();
      return [...until].filter(([, t]) => t > now).map(([name]) => name);
    },
  };
}
