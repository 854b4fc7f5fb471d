import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { login } from '../auth/auth.test-helpers';
import { enableTotp, get, mailsTo, post, signedIn, totpCode } from './two-factor.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Signs in with the password and answers the second step with the payload given. */
async function secondStep(email: string, password: string, answer: object) {
  const first = await login(t, email, password);
  expect(first.statusCode).toBe(200);
  const challenge = first.json().content;
  expect(challenge).toMatchObject({ twoFactorRequired: true });
  expect(challenge.jwToken).toBeUndefined();
  return post(t, '/api/Auth/2fa', undefined, { challengeId: challenge.challengeId, ...answer });
}

describe('authenticator codes (TOTP)', () => {
  it('enrols: setup shows the secret once, enable takes the first code and answers ten recovery codes', async () => {
    const u = await signedIn(t);
    expect((await get(t, '/api/User/2fa', u.token)).json().content).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    const setup = await post(t, '/api/User/2fa/totp/setup', u.token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().content;
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toContain('issuer=Vaultline');
    // Not active yet: the password alone still signs in.
    expect((await login(t, u.email, u.password)).json().content.jwToken).toBeTypeOf('string');
    const wrong = await post(t, '/api/User/2fa/totp/enable', u.token, {
      code: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('TWO_FACTOR_INVALID');
    const on = await post(t, '/api/User/2fa/totp/enable', u.token, { code: totpCode(secret) });
    expect(on.statusCode).toBe(200);
    const codes = on.json().content.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = (await get(t, '/api/User/2fa', u.token)).json().content;
    expect(status).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    // The secret is never given again, in any answer.
    expect(JSON.stringify(status)).not.toContain(secret);
    expect(
      (
        await post(t, '/api/User/2fa/totp/setup', u.token, {
          twoFactor: { code: totpCode(secret, Date.now() + 30_000) },
        })
      ).json().error.code,
    ).toBe('TOTP_ALREADY_ENABLED');
    // Stored encrypted: the database holds no copy of the base32 secret.
    const rows = await t.services.db.execute(`select secret, pending_secret from totp_factors` as never);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('signs in with a code; the same code is refused the second time (replay)', async () => {
    const u = await signedIn(t);
    const { secret } = await enableTotp(t, u.token);
    const code = totpCode(secret);
    const ok = await secondStep(u.email, u.password, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().content.jwToken).toBeTypeOf('string');
    expect(ok.cookies.find((c) => c.name === 'refresh_token')).toBeDefined();
    const replay = await secondStep(u.email, u.password, { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('TWO_FACTOR_INVALID');
  });

  it('accepts one step of drift either side, not two', async () => {
    const u = await signedIn(t);
    const { secret } = await enableTotp(t, u.token);
    const late = await secondStep(u.email, u.password, { code: totpCode(secret, Date.now() + 30_000) });
    expect(late.statusCode).toBe(200);
    const u2 = await signedIn(t);
    const s2 = (await enableTotp(t, u2.token)).secret;
    const farAhead = await secondStep(u2.email, u2.password, { code: totpCode(s2, Date.now() + 90_000) });
    expect(farAhead.statusCode).toBe(400);
    const farBehind = await secondStep(u2.email, u2.password, { code: totpCode(s2, Date.now() - 90_000) });
    expect(farBehind.statusCode).toBe(400);
  });

  it('a recovery code works once, and its use is e-mailed and in the history', async () => {
    const u = await signedIn(t);
    const { recoveryCodes } = await enableTotp(t, u.token);
    const code = recoveryCodes[0] as string;
    const ok = await secondStep(u.email, u.password, { recoveryCode: code.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const again = await secondStep(u.email, u.password, { recoveryCode: code });
    expect(again.json().error.code).toBe('TWO_FACTOR_INVALID');
    const token = ok.json().content.jwToken;
    expect((await get(t, '/api/User/2fa', token)).json().content.recoveryCodesLeft).toBe(9);
    const events = (await get(t, '/api/User/security-events', token)).json().content.events;
    expect(events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['totp.enabled', 'recoveryCode.used']),
    );
    expect(events.find((e: { type: string }) => e.type === 'recoveryCode.used').detail).toBe('9');
    const mails = await mailsTo(t, u.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        'An authenticator app was added to your Vaultline account',
        'A recovery code of your Vaultline account was used',
      ]),
    );
    expect(mails.every((m) => !m.body.includes(code))).toBe(true);
  });

  it('the second step takes 5 wrong tries, then even the right code is refused', async () => {
    const u = await signedIn(t);
    const { secret } = await enableTotp(t, u.token);
    const first = (await login(t, u.email, u.password)).json().content;
    const wrong = totpCode(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const r = await post(t, '/api/Auth/2fa', undefined, { challengeId: first.challengeId, code: wrong });
      expect(r.json().error.code).toBe('TWO_FACTOR_INVALID');
    }
    const sixth = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: first.challengeId,
      code: totpCode(secret),
    });
    expect(sixth.statusCode).toBe(401);
    expect(sixth.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('the challenge expires after 5 minutes and is used once', async () => {
    const u = await signedIn(t);
    const { secret } = await enableTotp(t, u.token);
    const first = (await login(t, u.email, u.password)).json().content;
    await t.services.db.execute(
      `update two_factor_challenges set expires_at = now() - interval '1 second' where id = '${first.challengeId}'` as never,
    );
    const late = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: first.challengeId,
      code: totpCode(secret),
    });
    expect(late.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
    const second = (await login(t, u.email, u.password)).json().content;
    const ok = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: second.challengeId,
      code: totpCode(secret),
    });
    expect(ok.statusCode).toBe(200);
    const reuse = await post(t, '/api/Auth/2fa', undefined, {
      challengeId: second.challengeId,
      recoveryCode: 'aaaaa-aaaaa',
    });
    expect(reuse.json().error.code).toBe('TWO_FACTOR_CHALLENGE_INVALID');
  });

  it('turning the authenticator off needs a current code; then the password alone signs in', async () => {
    const u = await signedIn(t);
    const { secret } = await enableTotp(t, u.token);
    const token = (await secondStep(u.email, u.password, { code: totpCode(secret) })).json().content.jwToken;
    const noCode = await post(t, '/api/User/2fa/totp/disable', u.token, {});
    // The old token (no factor given in its session) needs one.
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error.code).toBe('TWO_FACTOR_NEEDED');
    const off = await post(t, '/api/User/2fa/totp/disable', token, {
      code: totpCode(secret, Date.now() + 30_000),
    });
    expect(off.statusCode).toBe(200);
    expect((await get(t, '/api/User/2fa', token)).json().content).toEqual({
      totp: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect((await login(t, u.email, u.password)).json().content.jwToken).toBeTypeOf('string');
  });
});
