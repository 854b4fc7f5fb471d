import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software passkey for tests: a P-256 key made with node:crypto, answering WebAuthn registration
 * ('none' attestation) and authentication exactly as a browser's authenticator would.
 */

// ---- A tiny CBOR encoder (the few types WebAuthn needs) ----
type Cbor = number | string | Uint8Array | CborMap | { [key: string]: Cbor };
interface CborMap extends Map<number | string, Cbor> {}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const s = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, x]) => [cbor(k), cbor(x)])]);
}

const b64u = (b: Uint8Array | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest();

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  /** The COSE public key, base64url (as the server stores it). */
  publicKeyCose: string;
  counter: number;
  userHandle: string;
}

export function newSoftPasskey(userHandle = b64u(randomBytes(16))): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = new Map<number, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
  return {
    credentialId: randomBytes(32),
    privateKey,
    publicKeyCose: b64u(cbor(cose)),
    counter: 0,
    userHandle,
  };
}

function authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
}

/** The answer to startRegistration's options (RegistrationResponseJSON). */
export function registrationResponse(
  key: SoftPasskey,
  options: { challenge: string; rp?: { id?: string } },
  origin: string,
) {
  const rpId = options.rp?.id ?? new URL(origin).hostname;
  const len = Buffer.alloc(2);
  len.writeUInt16BE(key.credentialId.length);
  const attested = Buffer.concat([
    Buffer.alloc(16),
    len,
    key.credentialId,
    Buffer.from(key.publicKeyCose, 'base64url'),
  ]);
  // user present, user verified, attested credential data
  const data = authData(rpId, 0x45, key.counter, attested);
  const clientDataJSON = JSON.stringify({
    type: 'webauthn.create',
    challenge: options.challenge,
    origin,
    crossOrigin: false,
  });
  return {
    id: b64u(key.credentialId),
    rawId: b64u(key.credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64u(clientDataJSON),
      attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData: data })),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/**
 * The answer to startAuthentication's options (AuthenticationResponseJSON); counts up, unless
 * `counterless` (sign count always 0, as synced passkeys answer: for a key shared by processes).
 */
export function authenticationResponse(
  key: SoftPasskey,
  options: { challenge: string; rpId?: string },
  origin: string,
  tamper: { wrongOrigin?: string; counterless?: boolean } = {},
) {
  const rpId = options.rpId ?? new URL(origin).hostname;
  if (!tamper.counterless) key.counter += 1;
  const data = authData(rpId, 0x05, key.counter);
  const clientDataJSON = JSON.stringify({
    type: 'webauthn.get',
    challenge: options.challenge,
    origin: tamper.wrongOrigin ?? origin,
    crossOrigin: false,
  });
  const signature = sign('sha256', Buffer.concat([data, sha256(clientDataJSON)]), key.privateKey);
  return {
    id: b64u(key.credentialId),
    rawId: b64u(key.credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64u(clientDataJSON),
      authenticatorData: b64u(data),
      signature: b64u(signature),
      userHandle: key.userHandle,
    },
    clientExtensionResults: {},
  };
}
