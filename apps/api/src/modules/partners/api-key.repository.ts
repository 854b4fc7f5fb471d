import type { RunStatement, Statement } from '../../db/client';

/**
 * The one statement of an API-key request: the key by its hash (unique index), not revoked, its
 * partner's account active. Prepared once per connection on PostgreSQL (decision 0033).
 */
const FIND_KEY: Statement = {
  name: 'partner_api_key_find',
  text: `select k.id, k.partner_id, k.scopes, k.last_used_at
           from partner_api_keys k
           join users u on u.id = k.partner_id
          where k.key_hash = $1 and k.revoked_at is null and u.status = 1`,
};

/**
 * Marks the key used, unless another request (on any instance) did within the minute: the
 * condition is re-checked under the row lock, so concurrent writers make one write a minute.
 */
const TOUCH_KEY: Statement = {
  name: 'partner_api_key_touch',
  text: `update partner_api_keys set last_used_at = now()
          where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`,
};

export interface KeyRow {
  id: string;
  partner_id: string;
  scopes: string[];
  last_used_at: Date | string | null;
}

export async function findUsableKey(run: RunStatement, hash: Buffer): Promise<KeyRow | undefined> {
  const [row] = await run<KeyRow>(FIND_KEY, [hash]);
  return row;
}

export async function touchKey(run: RunStatement, keyId: string): Promise<void> {
  await run(TOUCH_KEY, [keyId]);
}
