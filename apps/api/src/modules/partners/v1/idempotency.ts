import { createHash } from 'node:crypto';
import { PARTNER_API_ERRORS as E } from '@vaultline/shared';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import {
  bindIdempotencyKey,
  findIdempotencyKey,
  finishIdempotencyKey,
  releaseAbandonedIdempotencyKey,
  releaseIdempotencyKey,
  takeIdempotencyKey,
} from './v1.repository';

const KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a request waits for a concurrent one with the same key before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** A key still "in progress" with nothing created after this long was left by a request that died. */
const ABANDONED_SECONDS = 120;

/** Records the created exchange under the key, in the create's own transaction. */
export type BindToKey = (tx: DbOrTx, exchangeId: string) => Promise<void>;

export interface Idempotent<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * Idempotent creates (decision 0034). The key is optional; with one, the request first takes it in
 * a statement of its own (insert ... on conflict do nothing, committed at once), so of concurrent
 * requests exactly one runs the create; the others wait for its stored answer and replay it. The
 * same key with another body (or another route) is refused; a create that fails frees the key.
 * The create records its exchange under the key in its own transaction (`bind`): if the process
 * dies before the answer is stored, a retry answers that exchange (`recover`); a key whose request
 * died before committing anything is freed after ABANDONED_SECONDS.
 */
export function createIdempotency(db: DbOrTx) {
  return async function run<T>(
    partnerId: string,
    rawKey: string | string[] | undefined,
    route: string,
    body: unknown,
    status: number,
    fn: (bind?: BindToKey) => Promise<T>,
    recover: (exchangeId: string) => Promise<T>,
  ): Promise<Idempotent<T>> {
    if (rawKey === undefined) return { status, body: await fn(), replayed: false };
    if (typeof rawKey !== 'string' || !KEY.test(rawKey))
      throw badRequest(E.idempotencyKeyInvalid, 'IDEMPOTENCY_KEY_INVALID');
    const key = rawKey;
    // The body as the route's schema parsed it (a stable key order), with the route.
    const requestHash = createHash('sha256')
      .update(`${route}\n${JSON.stringify(body)}`)
      .digest('hex');
    const until = Date.now() + WAIT_MS;
    for (;;) {
      if (await takeIdempotencyKey(db, { partnerId, key, route, requestHash })) {
        let result: T;
        try {
          result = await fn((tx, exchangeId) => bindIdempotencyKey(tx, partnerId, key, exchangeId));
        } catch (err) {
          await releaseIdempotencyKey(db, partnerId, key);
          throw err;
        }
        await finishIdempotencyKey(db, partnerId, key, status, result);
        return { status, body: result, replayed: false };
      }
      const row = await findIdempotencyKey(db, partnerId, key);
      // Freed meanwhile (its request failed): take it again.
      if (!row && Date.now() < until) continue;
      if (!row) throw conflict(E.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
      if (row.requestHash !== requestHash)
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', E.idempotencyReused);
      if (row.statusCode !== null) return { status: row.statusCode, body: row.response as T, replayed: true };
      // Created and committed, its answer not stored (a crash, or a failure after the commit).
      const made = (row.response as { exchangeId?: string } | null)?.exchangeId;
      if (made) return { status, body: await recover(made), replayed: true };
      if (row.createdAt.getTime() < Date.now() - ABANDONED_SECONDS * 1000) {
        await releaseAbandonedIdempotencyKey(db, partnerId, key, ABANDONED_SECONDS);
        continue;
      }
      if (Date.now() >= until) throw conflict(E.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
}
export type IdempotencyRunner = ReturnType<typeof createIdempotency>;
