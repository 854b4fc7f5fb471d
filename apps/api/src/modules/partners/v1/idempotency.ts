import { createHash } from 'node:crypto';
import { PARTNER_API_ERRORS as E } from '@vaultline/shared';
import type { DbOrTx } from '../../../db/client';
import { AppError, badRequest, conflict } from '../../../lib/errors';
import {
  bindIdempotencyKey,
  findIdempotencyKey,
  finishIdempotencyKey,
  holdIdempotencyKey,
  type KeyClaim,
  releaseAbandonedIdempotencyKey,
  releaseIdempotencyKey,
  takeIdempotencyKey,
} from './v1.repository';

const KEY = /^[\x21-\x7e]{1,200}$/;
/** How long a request waits for a concurrent one with the same key before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;

/**
 * What the create does with the key inside its own transaction: `begin` first (the key is still
 * this request's and its window not passed, else nothing is written), `bind` once the exchange row
 * exists (a retry after a crash finds it).
 */
export interface KeyHold {
  begin(tx: DbOrTx): Promise<void>;
  bind(tx: DbOrTx, exchangeId: string): Promise<void>;
}

export interface Idempotent<T> {
  status: number;
  body: T;
  replayed: boolean;
}

const windowPassed = () => new AppError(503, 'IDEMPOTENCY_WINDOW_PASSED', E.idempotencyWindowPassed);

/** PostgreSQL's "canceling statement due to statement timeout" (drizzle wraps the driver's error). */
function statementTimedOut(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '57014' || e?.cause?.code === '57014';
}

/**
 * Idempotent creates (decision 0034). The key is optional; with one, the request first takes it in
 * a statement of its own (insert ... on conflict do nothing, committed at once), so of concurrent
 * requests exactly one runs the create; the others wait for its stored answer and replay it. The
 * same key with another body (or another route) is refused; a create that fails frees the key.
 * The create records its exchange under the key in its own transaction (`bind`): if the process
 * dies before the answer is stored, a retry answers that exchange (`recover`).
 * A create has `windowSeconds` (120 by default): its transaction's statements are cancelled past it
 * (PostgreSQL's statement timeout), and a key still without an exchange after it was left by a
 * request that died or stalled: a retry may free it and create. Every write of the first request is
 * bound to its claim on the key, so a create that outlived its window writes nothing (no second
 * exchange) and never overwrites the answer a retry stored.
 */
export function createIdempotency(db: DbOrTx, opts: { windowSeconds?: number } = {}) {
  const windowSeconds = opts.windowSeconds ?? 120;
  return async function run<T>(
    partnerId: string,
    rawKey: string | string[] | undefined,
    route: string,
    body: unknown,
    status: number,
    fn: (hold?: KeyHold) => Promise<T>,
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
      const claim = await takeIdempotencyKey(db, { partnerId, key, route, requestHash });
      if (claim)
        return { status, body: await holding({ partnerId, key, claim }, status, fn), replayed: false };
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
      // Nothing made within the window: its request died or outlived it. Freed unless its create is
      // in its transaction right now (then wait for that to end).
      if (
        row.createdAt.getTime() < Date.now() - windowSeconds * 1000 &&
        (await releaseAbandonedIdempotencyKey(db, partnerId, key, windowSeconds))
      )
        continue;
      if (Date.now() >= until) throw conflict(E.idempotencyInProgress, 'IDEMPOTENCY_IN_PROGRESS');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  };

  /** Runs the create while this request holds the key; stores its answer, or frees the key. */
  async function holding<T>(k: KeyClaim, status: number, fn: (hold?: KeyHold) => Promise<T>): Promise<T> {
    const hold: KeyHold = {
      async begin(tx) {
        if (!(await holdIdempotencyKey(tx, k, windowSeconds))) throw windowPassed();
      },
      async bind(tx, exchangeId) {
        if (!(await bindIdempotencyKey(tx, k, exchangeId))) throw windowPassed();
      },
    };
    let result: T;
    try {
      result = await fn(hold);
    } catch (err) {
      await releaseIdempotencyKey(db, k);
      throw statementTimedOut(err) ? windowPassed() : err;
    }
    await finishIdempotencyKey(db, k, status, result);
    return result;
  }
}
export type IdempotencyRunner = ReturnType<typeof createIdempotency>;
