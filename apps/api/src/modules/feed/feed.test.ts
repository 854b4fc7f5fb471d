import { randomUUID } from 'node:crypto';
import { feedUpdateSchema } from '@vaultline/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { claims, createUser, session } from '../auth/auth.test-helpers';
import {
  closeClients,
  connect,
  type FeedClient,
  listeningApp,
  pause,
  type TestApp,
  type Transport,
  update,
} from './feed.test-helpers';

let t: TestApp;
let url: string;

// Connected users' accounts are re-read every 200 ms here (60 s by default).
beforeAll(async () => {
  ({ t, url } = await listeningApp(200));
});
afterEach(() => closeClients());
afterAll(async () => {
  closeClients();
  await t?.close();
});

async function signedIn(role: 'user' | 'admin' = 'user') {
  const u = await createUser(t, { role });
  const { token } = await session(t, u.email, u.password);
  return { token, id: String(claims(token).sub) };
}

/** Exactly the schema's keys, and nothing that looks like an e-mail address. */
function expectClean(payload: Record<string, unknown>) {
  expect(Object.keys(payload).sort()).toEqual(['adminNotes', 'id', 'status', 'transactionHash', 'updatedAt']);
  expect(JSON.stringify(payload)).not.toContain('@');
  expect(feedUpdateSchema.safeParse(payload).success).toBe(true);
}

describe('live feed rooms', () => {
  it.each<Transport>(['websocket', 'polling'])(
    'a %s watcher of exchange A receives A and nothing about B; a socket watching nothing gets nothing',
    async (transport) => {
      const [a, b] = [randomUUID(), randomUUID()];
      const watcherA = await connect(url, { transport });
      const watcherB = await connect(url, { transport });
      const idle = await connect(url, { transport });
      expect(await watcherA.watch([a])).toEqual({ ok: true, watching: 1 });
      expect(await watcherB.watch([b.toUpperCase()])).toEqual({ ok: true, watching: 1 });

      expect(t.services.feed.publish(update(a), { exchangeId: a })).toBe(true);
      expect(t.services.feed.publish(update(b), { exchangeId: b })).toBe(true);
      expectClean(await watcherA.next(a));
      expectClean(await watcherB.next(b));
      await pause(200);
      expect(watcherA.received.map((u) => u.id)).toEqual([a]);
      expect(watcherB.received.map((u) => u.id)).toEqual([b]);
      expect(idle.received).toEqual([]);
    },
  );

  it('a new watch list replaces the old one; bad lists are refused and change nothing', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const c = await connect(url);
    await c.watch([a]);
    expect(await c.watch('not a list')).toEqual({
      ok: false,
      error: 'Send a list of at most 50 exchange ids',
    });
    expect((await c.watch(['nope'])).ok).toBe(false);
    expect((await c.watch(Array.from({ length: 51 }, () => randomUUID()))).ok).toBe(false);
    t.services.feed.publish(update(a), { exchangeId: a });
    await c.next(a);
    expect(await c.watch([b, b])).toEqual({ ok: true, watching: 1 });
    t.services.feed.publish(update(a), { exchangeId: a });
    t.services.feed.publish(update(b), { exchangeId: b });
    await c.next(b);
    await pause(100);
    expect(c.received.map((u) => u.id)).toEqual([a, b]);
  });

  it('a user socket receives its own updates only; an admin socket receives all', async () => {
    const [alice, bob, admin] = [await signedIn(), await signedIn(), await signedIn('admin')];
    const aliceSocket = await connect(url, { token: alice.token });
    const bobSocket = await connect(url, { token: `Bearer ${bob.token}`, transport: 'polling' });
    const adminSocket = await connect(url, { token: admin.token });
    const guestWatch = randomUUID();
    const [forAlice, forBob, forGuest] = [update(), update(), update(guestWatch)];
    t.services.feed.publish(forAlice, { userId: alice.id });
    t.services.feed.publish(forBob, { userId: bob.id });
    t.services.feed.publish(forGuest, { exchangeId: guestWatch });
    expectClean(await aliceSocket.next(forAlice.id));
    expectClean(await bobSocket.next(forBob.id));
    await adminSocket.next(forGuest.id);
    await pause(200);
    expect(aliceSocket.received.map((u) => u.id)).toEqual([forAlice.id]);
    expect(bobSocket.received.map((u) => u.id)).toEqual([forBob.id]);
    expect(adminSocket.received.map((u) => u.id)).toEqual([forAlice.id, forBob.id, forGuest.id]);
  });

  it('admin comes from the database, not the token claim', async () => {
    const user = await signedIn();
    const forged = await t.services.tokens.sign({ sub: user.id, role: 'admin', premium: false, ver: 0 });
    const socket = await connect(url, { token: forged });
    const admin = await connect(url, { token: (await signedIn('admin')).token });
    const other = update();
    t.services.feed.publish(other, { userId: randomUUID() });
    await admin.next(other.id);
    await pause(200);
    expect(socket.received).toEqual([]);
  });
});

describe('live feed: sessions that change after connecting', () => {
  it('a revoked session is cut off; a demoted admin leaves the admins room', async () => {
    const [user, demoted, admin] = [await signedIn(), await signedIn('admin'), await signedIn('admin')];
    const userSocket = await connect(url, { token: user.token });
    const demotedSocket = await connect(url, { token: demoted.token });
    const adminSocket = await connect(url, { token: admin.token });
    const cut = new Promise<string>((resolve, reject) => {
      userSocket.socket.once('disconnect', resolve);
      setTimeout(() => reject(new Error('the revoked socket is still connected')), 3000);
    });
    await t.services.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    await t.services.db.update(users).set({ role: 'user' }).where(eq(users.id, demoted.id));
    expect(await cut).toBe('io server disconnect');
    await pause(500);
    const adminsOnly = update();
    t.services.feed.publish(adminsOnly, { admins: true });
    await adminSocket.next(adminsOnly.id);
    await pause(200);
    expect(demotedSocket.received).toEqual([]);
    expect(demotedSocket.socket.connected).toBe(true);
  });
});

describe('live feed refusals and privacy', () => {
  const refusal = (c: Promise<FeedClient>) =>
    c.then(
      () => {
        throw new Error('connected');
      },
      (err: Error & { data?: { code?: string } }) => ({ message: err.message, code: err.data?.code }),
    );

  it('refuses a bad, expired-looking or revoked token at connect with a clear error', async () => {
    expect(await refusal(connect(url, { token: 'not-a-jwt' }))).toEqual({
      message: 'Invalid access token',
      code: 'TOKEN_INVALID',
    });
    expect(await refusal(connect(url, { token: 42, transport: 'polling' }))).toMatchObject({
      code: 'TOKEN_INVALID',
    });
    const user = await signedIn();
    await t.services.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    expect(await refusal(connect(url, { token: user.token }))).toEqual({
      message: 'Your session has ended, please log in again',
      code: 'TOKEN_REVOKED',
    });
    const gone = await t.services.tokens.sign({ sub: randomUUID(), role: 'user', premium: false, ver: 0 });
    expect(await refusal(connect(url, { token: gone }))).toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a page from another origin on both transports, accepts its own origin', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      await expect(connect(url, { transport, origin: 'http://evil.example' })).rejects.toThrow();
      await connect(url, { transport, origin: url });
    }
  });

  it('never pushes an e-mail address or a key outside the schema', async () => {
    const a = randomUUID();
    const c = await connect(url);
    await c.watch([a]);
    const sneaky = {
      ...update(a),
      adminNotes: 'Refund sent to guest@example.com, ask ops@vaultline.test',
      email: 'guest@example.com',
      userId: randomUUID(),
    };
    expect(t.services.feed.publish(sneaky, { exchangeId: a })).toBe(true);
    const got = await c.next(a);
    expectClean(got);
    expect(got.adminNotes).toBe('Refund sent to [hidden] ask [hidden]');
    // An update that breaks the schema is dropped, not pushed.
    expect(t.services.feed.publish({ ...update(a), transactionHash: 'x@y' }, { exchangeId: a })).toBe(false);
    expect(t.services.feed.publish({ ...update(a), status: 99 }, { exchangeId: a })).toBe(false);
  });

  it("carries a watched exchange's confirmations, stage and payout hash (DECISIONS §10), and nothing more", async () => {
    const a = randomUUID();
    const c = await connect(url);
    await c.watch([a]);
    const chain = {
      depositConfirmations: 4,
      requiredConfirmations: 12,
      stage: 'confirming' as const,
      payoutHash: null,
    };
    expect(
      t.services.feed.publish({ ...update(a), ...chain, email: 'x@y.z' } as never, { exchangeId: a }),
    ).toBe(true);
    const got = await c.next(a);
    expect(got).toMatchObject(chain);
    expect(Object.keys(got).sort()).toEqual([
      'adminNotes',
      'depositConfirmations',
      'id',
      'payoutHash',
      'requiredConfirmations',
      'stage',
      'status',
      'transactionHash',
      'updatedAt',
    ]);
    expect(t.services.feed.publish({ ...update(a), stage: 'teleporting' } as never, { exchangeId: a })).toBe(
      false,
    );
  });
});
