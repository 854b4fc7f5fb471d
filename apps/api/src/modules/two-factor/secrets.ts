import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Authenticator secrets at rest: AES-256-GCM with a key derived from TWO_FACTOR_ENCRYPTION_KEY
 * (SHA-256 of it), a fresh 96-bit nonce per secret, and the user id as associated data (a secret
 * copied onto another user's row does not decrypt). Stored as `v1.<nonce>.<tag>.<ciphertext>`.
 */
export interface SecretBox {
  seal(plain: string, userId: string): string;
  open(sealed: string, userId: string): string;
}

export function createSecretBox(passphrase: string): SecretBox {
  const key = createHash('sha256').update(passphrase).digest();
  return {
    seal(plain, userId) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(Buffer.from(userId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, userId) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) throw new Error('unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A recovery code as shown (`xxxxx-xxxxx`, 50 bits), and the canonical form that is hashed. */
export function newRecoveryCode(): { shown: string; canonical: string } {
  const bytes = randomBytes(10);
  const canonical = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join('');
  return { shown: `${canonical.slice(0, 5)}-${canonical.slice(5)}`, canonical };
}

/** Recovery codes carry 50 random bits: a plain SHA-256 is enough (nothing to guess offline). */
export const hashRecoveryCode = (canonical: string) =>
  createHash('sha256').update(`rc:${canonical}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A device for the "new sign-in" e-mail: the user agent and the network (IPv4 /24, IPv6 /48). */
export function deviceHash(userAgent: string | undefined, ip: string | undefined): string {
  return createHash('sha256')
    .update(`${userAgent ?? ''}\n${networkOf(ip ?? '')}`)
    .digest('hex');
}

export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.0/24`;
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  return ip;
}
