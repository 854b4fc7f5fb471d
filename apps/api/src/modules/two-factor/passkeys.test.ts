import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { login } from '../auth/auth.test-helpers';
import {
  authenticationResponse,
  newSoftPasskey,
  registrationResponse,
} from './soft-authenticator.test-helpers';
import { get, mailsTo, post, signedIn } from './two-factor.test-helpers';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = t.app.config.publicUrl;
});
afterAll(() => t.close());

/** Adds a software passkey to a signed-in account through the API. */
async function addPasskey(token: string, name = 'My laptop', extra: object = {}) {
  const key = newSoftPasskey();
  const options = await post(t, '/api/User/passkeys/options', token, extra);
  expect(options.statusCode).toBe(200);
  const res = await post(t, '/api/User/passkeys', token, {
    name,
    response: registrationResponse(key, options.json().content, origin),
    ...extra,
  });
  return { key, res };
}

describe('passkeys (WebAuthn)', () => {
  it('adds a passkey (relying party from PUBLIC_URL); the first one comes with recovery codes', async () => {
    const u = await signedIn(t);
    const options = (await post(t, '/api/User/passkeys/options', u.token)).json().content;
    expect(options.rp.id).toBe(new URL(origin).hostname);
    const { res } = await addPasskey(u.token);
    expect(res.statusCode).toBe(200);
    const added = res.json().content;
    expect(added.passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null });
    expect(added.recoveryCodes).toHaveLength(10);
    const status = (await get(t, '/api/User/2fa', u.token)).json().content;
    expect(status.passkeys).toHaveLength(1);
    expect(status.recoveryCodesLeft).toBe(10);
    expect((await mailsTo(t, u.email)).map((m) => m.subject)).toContain(
      'A passkey was added to your Vaultline account',
    );
  });

  it('refuses an answer made for another site (origin) or to another challenge', async () => {
    const u = await signedIn(t);
    const key = newSoftPasskey();
    await post(t, '/api/User/passkeys/options', u.token);
    const forged = await post(t, '/api/User/passkeys', u.token, {
      name: 'x',
      response: registrationResponse(key, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' }, origin),
    });
    expect(forged.json().error.code).toBe('PASSKEY_INVALID');
    const options = (await post(t, '/api/User/passkeys/options', u.token)).json().content;
    const phishing = await post(t, '/api/User/passkeys', u.token, {
      name: 'x',
      response: registrationResponse(key, options, 'https://vau1tline.example'),
    });
    expect(phishing.json().error.code).toBe('PASSKEY_INVALID');
  });

  it('signs in with the passkey and no password; a phishing origin is refused', async () => {
    const u = await signedIn(t);
    const { key } = await addPasskey(u.token);
    const o1 = (await post(t, '/api/Auth/passkey/options', undefined)).json().content;
    const phished = await post(t, '/api/Auth/passkey', undefined, {
      challengeId: o1.challengeId,
      response: authenticationResponse(key, o1.options, origin, { wrongOrigin: 'https://vau1tline.example' }),
    });
    expect(phished.statusCode).toBe(400);
    expect(phished.json().error.code).toBe('TWO_FACTOR_INVALID');
    const o2 = (await post(t, '/api/Auth/passkey/options', undefined)).json().content;
    const res = await post(t, '/api/Auth/passkey', undefined, {
      challengeId: o2.challengeId,
      response: authenticationResponse(key, o2.options, origin),
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().content.jwToken;
    expect((await get(t, '/api/User', token)).json().content.email).toBe(u.email);
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeDefined();
    // The challenge is used once.
    const again = await post(t, '/api/Auth/passkey', undefined, {
      challengeId: o2.challengeId,
      response: authenticationResponse(key, o2.options, origin),
    });
    expect(again.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const listed = (await get(t, '/api/User/2fa', token)).json().content.passkeys[0];
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('is a second factor after the password; another account’s passkey does not answer', async () => {
    const u = await signedIn(t);
    const { key } = await addPasskey(u.token);
    const other = await signedIn(t);
    const { key: otherKey } = await addPasskey(other.token);
    const first = (await login(t, u.email, u.password)).json().content;
    expect(first.methods).toEqual(['passkey', 'recoveryCode']);
    const wrongKey = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: first.challengeId,
      passkey: authenticationResponse(otherKey, first.passkeyOptions, origin),
    });
    expect(wrongKey.json().error.code).toBe('TWO_FACTOR_INVALID');
    const ok = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: first.challengeId,
      passkey: authenticationResponse(key, first.passkeyOptions, origin),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('adding a second passkey and removing one need a recent factor; then the last removal drops the recovery codes', async () => {
    const u = await signedIn(t);
    const { key, res } = await addPasskey(u.token, 'First');
    const id = res.json().content.passkey.id;
    // The session's token gave no factor (it signed in with the password before the passkey existed).
    const add = await post(t, '/api/User/passkeys/options', u.token);
    expect(add.statusCode).toBe(401);
    expect(add.json().error.code).toBe('TWO_FACTOR_NEEDED');
    const del = await t.request({ method: 'DELETE', url: `/api/User/passkeys/${id}`, token: u.token });
    expect(del.statusCode).toBe(401);
    expect(del.json().error.code).toBe('TWO_FACTOR_NEEDED');
    // A step-up in the request itself: a passkey answer to the step-up options.
    const stepUp = (await post(t, '/api/User/2fa/passkey/options', u.token)).json().content;
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/User/passkeys/${id}`,
      token: u.token,
      payload: { twoFactor: { passkey: authenticationResponse(key, stepUp, origin) } },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(t, '/api/User/2fa', u.token)).json().content).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    const events = (await get(t, '/api/User/security-events', u.token)).json().content.events;
    expect(events[0]).toMatchObject({ type: 'passkey.removed', detail: 'First' });
  });
});
