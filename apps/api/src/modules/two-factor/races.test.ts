import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, login, softPasskeyOf } from '../auth/auth.test-helpers';
import { authenticationResponse, newSoftPasskey, type SoftPasskey } from './soft-authenticator.test-helpers';
import { post } from './two-factor.test-helpers';

// Answers sent at once: each single-use rule holds when the requests overlap.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const codeOf = (res: { body: string }) => (JSON.parse(res.body) as { error?: { code?: string } }).error?.code;

/** A user with a passkey, and access tokens of sessions that gave no factor (one per call). */
async function userWithPasskey() {
  const u = await createUser(t, { twoFactor: true });
  const [row] = await t.services.db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
  const id = row?.id as string;
  const staleToken = () =>
    t.services.tokens.sign({ sub: id, role: 'user', premium: false, ver: 0, sid: randomUUID() });
  const key = softPasskeyOf(u.email) as SoftPasskey;
  // Another key under the passkey's credential id: its answers are checked, and wrong.
  const forged = () => ({ ...newSoftPasskey(), credentialId: key.credentialId });
  return { ...u, id, key, forged, staleToken };
}

describe('second factor answers sent at once', () => {
  it('one passkey step-up answer opens one request, even when the same answer is sent several times at once', async () => {
    const u = await userWithPasskey();
    const options = await post(t, '/api/User/2fa/passkey/options', await u.staleToken());
    const answer = authenticationResponse(u.key, options.json().content, t.app.config.publicUrl);
    const tokens = await Promise.all([u.staleToken(), u.staleToken(), u.staleToken()]);
    const res = await Promise.all(
      tokens.map((token) => post(t, '/api/User/passkeys/options', token, { twoFactor: { passkey: answer } })),
    );
    expect(res.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_INVALID')).toHaveLength(2);
  });

  it('the sign-in challenge takes 5 wrong answers, even when they are sent at once', async () => {
    const u = await userWithPasskey();
    const first = (await login(t, u.email, u.password)).json().content;
    const res = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(t, '/api/Auth/2fa', undefined, {
          challengeId: first.challengeId,
          passkey: authenticationResponse(u.forged(), first.passkeyOptions, t.app.config.publicUrl),
        }),
      ),
    );
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_INVALID')).toHaveLength(5);
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_CHALLENGE_INVALID')).toHaveLength(7);
  });

  it('the password-less sign-in challenge takes 5 wrong answers, even when they are sent at once', async () => {
    const u = await userWithPasskey();
    const { challengeId, options } = (await post(t, '/api/Auth/passkey/options', undefined)).json().content;
    const res = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(t, '/api/Auth/passkey', undefined, {
          challengeId,
          response: authenticationResponse(u.forged(), options, t.app.config.publicUrl),
        }),
      ),
    );
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_INVALID')).toHaveLength(5);
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_CHALLENGE_INVALID')).toHaveLength(7);
  });

  it('10 wrong step-up answers lock the factor check, even when more are sent at once', async () => {
    const u = await userWithPasskey();
    const tokens = await Promise.all(Array.from({ length: 16 }, () => u.staleToken()));
    const answers: ReturnType<typeof authenticationResponse>[] = [];
    for (const token of tokens) {
      const options = (await post(t, '/api/User/2fa/passkey/options', token)).json().content;
      answers.push(authenticationResponse(u.forged(), options, t.app.config.publicUrl));
    }
    const res = await Promise.all(
      tokens.map((token, i) =>
        post(t, '/api/User/passkeys/options', token, { twoFactor: { passkey: answers[i] } }),
      ),
    );
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_INVALID')).toHaveLength(10);
    expect(res.filter((r) => codeOf(r) === 'TWO_FACTOR_LOCKED')).toHaveLength(6);
    // Locked: even the right answer is refused now.
    const token = await u.staleToken();
    const options = (await post(t, '/api/User/2fa/passkey/options', token)).json().content;
    const right = await post(t, '/api/User/passkeys/options', token, {
      twoFactor: { passkey: authenticationResponse(u.key, options, t.app.config.publicUrl) },
    });
    expect(codeOf(right)).toBe('TWO_FACTOR_LOCKED');
  });
});
