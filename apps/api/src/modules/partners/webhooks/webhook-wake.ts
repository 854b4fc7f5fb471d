import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Db } from '../../../db/client';

/** The channel the outbox trigger notifies (migration 0025). */
export const WEBHOOK_CHANNEL = 'partner_webhooks';

/**
 * Calls `wake` when a transaction that queued deliveries commits, on any instance. PostgreSQL: a
 * LISTEN on a connection of its own (not one of the pool: it stays open), opened again after a
 * failure. PGlite: its own listen (the notification comes back on its single connection). The
 * delivery job also polls, so a lost notification delays a delivery by one poll at most.
 */
export function listenForWork(db: Db, log: FastifyBaseLogger, wake: () => void) {
  const client = (db as unknown as { $client: unknown }).$client;
  let stopped = false;
  let stop: () => Promise<void> = async () => undefined;

  // node-postgres is loaded only when the database is PostgreSQL (a pool has no `listen`).
  const isPglite = Boolean(client) && typeof (client as PGlite).listen === 'function';
  const pgLib = isPglite ? undefined : (createRequire(import.meta.url)('pg') as typeof pg);
  if (isPglite) {
    const lite = client as PGlite;
    const unlisten = lite.listen(WEBHOOK_CHANNEL, () => wake());
    stop = async () => {
      await (await unlisten)().catch(() => undefined);
    };
  } else if (pgLib && client instanceof pgLib.Pool) {
    const pool = client;
    let conn: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const open = () => {
      if (stopped) return;
      const c = new pgLib.Client(pool.options);
      conn = c;
      c.on('notification', () => wake());
      let lost = false;
      // An error, or the server ending the session (restart, idle kill): listen again in a second;
      // meanwhile the poll delivers. Once per client, whichever of the two comes first.
      const reopen = (err?: unknown) => {
        if (lost || stopped) return;
        lost = true;
        log.warn({ err }, 'webhook listener lost; reconnecting');
        void c.end().catch(() => undefined);
        retry = setTimeout(open, 1000);
      };
      c.on('error', reopen);
      c.on('end', () => reopen());
      c.connect()
        .then(() => c.query(`LISTEN ${WEBHOOK_CHANNEL}`))
        // Anything queued while no one listened is looked for now.
        .then(() => wake())
        .catch(reopen);
    };
    open();
    stop = async () => {
      if (retry) clearTimeout(retry);
      await conn?.end().catch(() => undefined);
    };
  }
  return async () => {
    stopped = true;
    await stop();
  };
}
