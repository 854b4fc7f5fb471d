import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema';
import { claims, createUser, session } from '../auth/auth.test-helpers';
import { closeClients, connect, listeningApp, pause, type TestApp, update } from '../feed/feed.test-helpers';

// ADMIN_REQUIRE_2FA covers the live feed's admins room too: it carries every transaction's
// progress and the admins' notes, back-office data that a password alone must not open.
let t: TestApp;
let url: string;
beforeAll(async () => {
  ({ t, url } = await listeningApp(200, { ADMIN_REQUIRE_2FA: 'true' }));
});
afterEach(() => closeClients());
afterAll(async () => {
  closeClients();
  await t?.close();
});

async function admin(twoFactor: boolean) {
  const u = await createUser(t, { role: 'admin', twoFactor });
  const { token } = await session(t, u.email, u.password);
  return { token, id: String(claims(token).sub) };
}

describe('ADMIN_REQUIRE_2FA and the live feed', () => {
  it("an admin without a second factor does not join the admins' room, nor does one who removed the last", async () => {
    const [bare, withFactor, removing] = [await admin(false), await admin(true), await admin(true)];
    const bareSocket = await connect(url, { token: bare.token });
    const withSocket = await connect(url, { token: withFactor.token });
    const removingSocket = await connect(url, { token: removing.token });
    const first = update();
    t.services.feed.publish(first, { admins: true });
    await withSocket.next(first.id);
    await removingSocket.next(first.id);
    await pause(200);
    expect(bareSocket.received).toEqual([]);
    expect(bareSocket.socket.connected).toBe(true);

    await t.services.db.delete(passkeys).where(eq(passkeys.userId, removing.id));
    await pause(500);
    const second = update();
    t.services.feed.publish(second, { admins: true });
    await withSocket.next(second.id);
    await pause(200);
    expect(removingSocket.received.map((u) => u.id)).toEqual([first.id]);
    expect(bareSocket.received).toEqual([]);
  });
});
