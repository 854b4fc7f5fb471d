import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'Vaultline';

/** A new random secret (160 bits, base32) and the otpauth:// URL the QR code shows. */
export function newTotpSecret(accountName: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret,
    period: PERIOD,
    digits: 6,
    algorithm: 'SHA1',
  });
  return { secret: secret.base32, otpauthUrl: totp.toString() };
}

/**
 * The time step of a code that matches now or one step either side (clock drift), or null.
 * The caller refuses a step at or before the last one accepted: a code works once.
 */
export function totpStep(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secretBase32),
    period: PERIOD,
    digits: 6,
    algorithm: 'SHA1',
    timestamp: now,
    window: 1,
  });
  if (delta === null) return null;
  return TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
}
