import type { RunStatement, Statement } from '../../db/client';

export interface LockRequest {
  userId: string;
  tokenVersion: number;
  leftAssetId: string;
  rightAssetId: string;
  rate: string;
  leftUsd: string;
  rightUsd: string;
}
export interface InsertedLock {
  id: string;
  expiresAt: Date;
  premium: boolean;
}

const LOCK_MANY: Statement = {
  name: 'convert_lock_many',
  text: `select n, id, expires_at, premium
         from convert_lock_many($1::uuid[], $2::integer[], $3::uuid[], $4::uuid[], $5::numeric[], $6::numeric[], $7::numeric[], $8)`,
};

interface Waiting {
  request: LockRequest;
  resolve: (lock: InsertedLock | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Inserts price locks, those asked for in the same turn of the event loop by one statement (SQL
 * function convert_lock_many, migration 0016): under load several users lock at once, and one
 * statement, round trip and commit for all of them cost PostgreSQL and this process less than one
 * each. Each caller gets its own lock, or undefined when its account refused it (disabled, token
 * revoked), exactly as one statement per lock did; a statement that fails fails each lock of its
 * batch, as it would have failed each alone. A batch waits for nothing: it is sent once the
 * requests of this turn are in (setImmediate).
 */
export function createLockInserter(run: RunStatement, ttlSeconds: number) {
  let batch: Waiting[] = [];

  async function send(waiting: Waiting[]) {
    const column = <T>(f: (r: LockRequest) => T) => waiting.map((w) => f(w.request));
    try {
      const rows = await run<{ n: number; id: string; expires_at: Date; premium: boolean }>(LOCK_MANY, [
        column((r) => r.userId),
        column((r) => r.tokenVersion),
        column((r) => r.leftAssetId),
        column((r) => r.rightAssetId),
        column((r) => r.rate),
        column((r) => r.leftUsd),
        column((r) => r.rightUsd),
        ttlSeconds,
      ]);
      const byIndex = new Map(rows.map((row) => [row.n, row]));
      waiting.forEach((w, i) => {
        const row = byIndex.get(i + 1);
        w.resolve(row && { id: row.id, expiresAt: row.expires_at, premium: row.premium });
      });
    } catch (err) {
      for (const w of waiting) w.reject(err);
    }
  }

  return function insertLock(request: LockRequest): Promise<InsertedLock | undefined> {
    return new Promise((resolve, reject) => {
      if (batch.length === 0)
        setImmediate(() => {
          const waiting = batch;
          batch = [];
          void send(waiting);
        });
      batch.push({ request, resolve, reject });
    });
  };
}
export type LockInserter = ReturnType<typeof createLockInserter>;
