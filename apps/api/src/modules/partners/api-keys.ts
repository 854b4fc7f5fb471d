import { createHash, randomBytes } from 'node:crypto';
import type { PartnerKeyScope } from '@vaultline/shared';
import type { RunStatement } from '../../db/client';
import type { ApiKeyAuthenticator } from '../../plugins/auth';
import type { PartnerCaller } from '../../plugins/auth-caller';
import { findUsableKey, touchKey } from './api-key.repository';

/** `vl_` + 32 random bytes in base64url (43 characters): what a partner puts in its header. */
const KEY_RE = /^vl_[A-Za-z0-9_-]{43}$/;
/** The visible part of a key kept in the list: `vl_` and 8 characters (48 bits, never enough to use). */
export const KEY_PREFIX_LENGTH = 11;
/** last_used_at is written at most once a minute per key, not on every request. */
const TOUCH_EVERY_MS = 60_000;

export function newApiKey(): { key: string; prefix: string; hash: Buffer } {
  const key = `vl_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, KEY_PREFIX_LENGTH), hash: hashApiKey(key) };
}

/**
 * SHA-256, not a password hash: the key has 256 random bits, so nothing can be guessed from the
 * hash, and a fast hash keeps each API request cheap (decision 0033).
 */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key).digest();
}

/**
 * Recognises an API key on each request with one indexed lookup. Nothing about a key's validity is
 * kept in process: a revoked key is refused by every instance on its next request.
 */
export function createApiKeyAuth({ run }: { run: RunStatement }): ApiKeyAuthenticator {
  /** When this instance last wrote last_used_at per key: spares the statement within the minute. */
  const touched = new Map<string, number>();

  return {
    async authenticate(key: string): Promise<PartnerCaller | undefined> {
      // A malformed value is refused without a query (and without hashing whatever was sent).
      if (!KEY_RE.test(key)) return undefined;
      const row = await findUsableKey(run, hashApiKey(key));
      if (!row) return undefined;
      const now = Date.now();
      const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
      if (now - lastUsed >= TOUCH_EVERY_MS && now - (touched.get(row.id) ?? 0) >= TOUCH_EVERY_MS) {
        if (touched.size > 10_000) touched.clear();
        touched.set(row.id, now);
        await touchKey(run, row.id);
      }
      return { partnerId: row.partner_id, keyId: row.id, scopes: row.scopes as PartnerKeyScope[] };
    },
  };
}
