import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, softPasskeyOf } from '../auth/auth.test-helpers';
import { authenticationResponse, type SoftPasskey } from './soft-authenticator.test-helpers';
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
  return { ...u, id, key: softPasskeyOf(u.email) as SoftPasskey, staleToken };
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
});
