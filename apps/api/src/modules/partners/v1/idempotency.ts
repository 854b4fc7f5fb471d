import { createHash } from 'node:crypto';
import { PARTNER_API_ERRORS as E } from '@vaultline/shared';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import {
  findIdempotencyKey,
  finishIdempotencyKey,
  releaseIdempotencyKey,
  takeIdempotencyKey,
} from './v1.repository';

const KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a request waits for a concurrent one with the same key before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

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
 */
export function createIdempotency(db: DbOrTx) {
  return async function run<T>(
    partnerId: string,
    rawKey: string | string[] | undefined,
    route: string,
    body: unknown,
    status: number,
    fn: () => Promise<T>,
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
          result = await fn();
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
      if (Date.now() >= until) throw conflict(E.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };
}
export type IdempotencyRunner = ReturnType<typeof createIdempotency>;
