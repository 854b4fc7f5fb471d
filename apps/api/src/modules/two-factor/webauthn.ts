import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@vaultline/shared';

type Transports = NonNullable<
  NonNullable<Parameters<typeof generateRegistrationOptions>[0]['excludeCredentials']>[number]['transports']
>;

/** The relying party: the site's host name and origin, from PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Vaultline' };
}

export interface StoredPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[] | null;
}

export function registrationOptions(
  rp: RelyingParty,
  user: { id: string; email: string; name: string },
  existing: StoredPasskey[],
) {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: (p.transports ?? undefined) as Transports,
    })),
    // A discoverable credential (resident key): it also signs in with no password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Verifies a new passkey against the challenge; undefined when it does not verify. */
export async function verifyRegistration(
  rp: RelyingParty,
  response: PasskeyRegistrationResponse,
  expectedChallenge: string,
): Promise<StoredPasskey | undefined> {
  const result = await verifyRegistrationResponse({
    response: response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!result?.verified) return undefined;
  const c = result.registrationInfo.credential;
  return {
    credentialId: c.id,
    publicKey: Buffer.from(c.publicKey).toString('base64url'),
    counter: c.counter,
    transports: c.transports ?? null,
  };
}

/** Options for a passkey answer: to the given credentials, or any discoverable one (no list). */
export function authenticationOptions(
  rp: RelyingParty,
  allow: StoredPasskey[] | null,
  userVerification: 'required' | 'preferred',
) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification,
    ...(allow
      ? {
          allowCredentials: allow.map((p) => ({
            id: p.credentialId,
            transports: (p.transports ?? undefined) as Transports,
          })),
        }
      : {}),
  });
}

/** The passkey's new signature counter when the answer verifies; undefined otherwise. */
export async function verifyAuthentication(
  rp: RelyingParty,
  response: PasskeyAuthenticationResponse,
  expectedChallenge: string,
  passkey: StoredPasskey,
  requireUserVerification: boolean,
): Promise<number | undefined> {
  const result = await verifyAuthenticationResponse({
    response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
    },
  }).catch(() => undefined);
  return result?.verified ? result.authenticationInfo.newCounter : undefined;
}
