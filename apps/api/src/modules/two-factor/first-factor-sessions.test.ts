import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createUser, refresh, session } from '../auth/auth.test-helpers';
import { newSoftPasskey, registrationResponse } from './soft-authenticator.test-helpers';
import { enableTotp, post } from './two-factor.test-helpers';

// A session opened with the password alone (maybe by someone else who knows it) must not outlive
// the account's first factor: adding it ends every other session; the one that added it goes on.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function twoSessions() {
  const u = await createUser(t, { twoFactor: false });
  const here = await session(t, u.email, u.password);
  const elsewhere = await session(t, u.email, u.password);
  return { here, elsewhere };
}

describe('the first factor ends the other sessions', () => {
  it('turning the authenticator on: the other session can no longer refresh, this one can', async () => {
    const { here, elsewhere } = await twoSessions();
    await enableTotp(t, here.token);
    expect((await refresh(t, elsewhere.refresh)).statusCode).toBe(401);
    expect((await refresh(t, here.refresh)).statusCode).toBe(200);
  });

  it('adding the first passkey: the same', async () => {
    const { here, elsewhere } = await twoSessions();
    const options = (await post(t, '/api/User/passkeys/options', here.token)).json().content;
    const added = await post(t, '/api/User/passkeys', here.token, {
      name: 'Laptop',
      response: registrationResponse(newSoftPasskey(), options, t.app.config.publicUrl),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await refresh(t, elsewhere.refresh)).statusCode).toBe(401);
    const again = await refresh(t, here.refresh);
    expect(again.statusCode).toBe(200);
  });
});
