import { createHash, randomBytes } from 'node:crypto';
import { ROLE_CLAIM, type Role } from '@vaultline/shared';
import { errors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';

export interface AccessClaims {
  sub: string;
  role: Role;
  premium: boolean;
  /** The user's token version when the token was issued; a bump revokes older tokens. */
  ver: number;
  /** The session (refresh-token family) the token belongs to: step-up is recorded per session. */
  sid?: string;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | { error: 'expired' | 'invalid' }>;
  /** The claims of a token verified earlier and not expired, without waiting; else undefined. */
  verifiedBefore(token: string): AccessClaims | undefined;
}

/**
 * Tokens already verified, by their exact text, until they expire: a signed-in client sends the same
 * token on every call, and jose's HMAC (WebCrypto) cost more CPU than the whole conversion route did
 * (profile in docs/performance.md). Only valid tokens are kept; revocation is not decided here (the
 * token version is checked against the database on every call).
 */
const VERIFIED_TOKENS_MAX = 10_000;

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new LRUCache<string, AccessClaims & { exp: number }>({ max: VERIFIED_TOKENS_MAX });
  function verifiedBefore(token: string): AccessClaims | undefined {
    const known = verified.get(token);
    if (!known) return undefined;
    if (known.exp * 1000 > Date.now()) return known;
    verified.delete(token);
    return undefined;
  }
  return {
    verifiedBefore,
    async sign(c) {
      return new SignJWT({
        [ROLE_CLAIM]: c.role,
        premium: c.premium,
        ver: c.ver,
        ...(c.sid ? { sid: c.sid } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(c.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verifiedBefore(token);
      if (known) return known;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const role = payload[ROLE_CLAIM];
        if (typeof payload.sub !== 'string' || (role !== 'admin' && role !== 'user'))
          return { error: 'invalid' };
        const claims: AccessClaims = {
          sub: payload.sub,
          role,
          premium: payload.premium === true,
          ver: typeof payload.ver === 'number' ? payload.ver : -1,
          ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
        };
        if (typeof payload.exp === 'number') verified.set(token, { ...claims, exp: payload.exp });
        return claims;
      } catch (err) {
        return { error: err instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/** An opaque random token (refresh, reset) and the hash we store instead of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
