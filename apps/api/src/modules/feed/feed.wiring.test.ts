import { TransactionStatus } from '@vaultline/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deposits } from '../../db/schema';
import {
  BTC_HASH,
  createOk,
  newBtcHash,
  prepareAssets,
  validCreate,
} from '../exchange/exchange.test-helpers';
import { makeUser } from '../ledger/ledger.test-helpers';
import { closeClients, connect, listeningApp, pause, type TestApp } from './feed.test-helpers';

// The modules that change a status push it: a guest exchange's watchers, a depositor's connections.
let t: TestApp;
let url: string;
beforeAll(async () => {
  ({ t, url } = await listeningApp());
});
afterEach(() => closeClients());
afterAll(async () => {
  closeClients();
  await t?.close();
});

describe('status changes reach the live feed', () => {
  it("confirming a guest exchange pushes pending to that exchange's watchers only", async () => {
    const a = await prepareAssets(t);
    const mine = await createOk(t, validCreate(a));
    const other = await createOk(t, validCreate(a));
    const watcher = await connect(url);
    const bystander = await connect(url);
    await watcher.watch([mine]);
    await bystander.watch([other]);
    const res = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/confirmTransaction',
      payload: { exchangeId: mine, transactionHash: BTC_HASH },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pushed = await watcher.next(mine);
    expect(pushed).toMatchObject({ id: mine, status: TransactionStatus.pending, transactionHash: BTC_HASH });
    expect(JSON.stringify(pushed)).not.toContain('@');
    await pause(200);
    expect(bystander.received).toEqual([]);
  });

  it("an admin's decision on a deposit reaches the depositor's connections, not another user's", async () => {
    const owner = await makeUser(t);
    const someone = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const btc = (await prepareAssets(t)).btc;
    const [d] = await t.services.db
      .insert(deposits)
      .values({
        userId: owner.id,
        assetId: btc,
        method: 'crypto',
        amount: '0.5',
        status: TransactionStatus.awaitingVerification,
        transactionHash: `wiring-${owner.id}`,
      })
      .returning({ id: deposits.id });
    const id = d?.id as string;
    const ownerSocket = await connect(url, { token: owner.token });
    const otherSocket = await connect(url, { token: someone.token });
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/deposits/${id}/reject`,
      token: admin.token,
      payload: { notes: 'No such transfer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownerSocket.next(id)).toMatchObject({
      id,
      status: TransactionStatus.failed,
      adminNotes: 'No such transfer',
    });
    await pause(200);
    expect(otherSocket.received).toEqual([]);
  });

  it("a user's new crypto deposit notice reaches the admins (their Deposits page) and the user, nobody else", async () => {
    const owner = await makeUser(t);
    const someone = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const btc = (await prepareAssets(t)).btc;
    const adminSocket = await connect(url, { token: admin.token });
    const ownerSocket = await connect(url, { token: owner.token });
    const otherSocket = await connect(url, { token: someone.token });
    const hash = newBtcHash();
    const res = await t.request({
      method: 'POST',
      url: '/api/Payment/crypto/notify',
      token: owner.token,
      payload: { assetId: btc, amount: '0.02', transactionHash: hash },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().content as string;
    const seen = { id, status: TransactionStatus.awaitingVerification, transactionHash: hash };
    expect(await adminSocket.next(id)).toMatchObject(seen);
    expect(await ownerSocket.next(id)).toMatchObject(seen);
    await pause(200);
    expect(otherSocket.received).toEqual([]);
  });

  it("a signed-in user's own exchange reaches their connections too, not another user's", async () => {
    const a = await prepareAssets(t);
    const owner = await makeUser(t);
    const someone = await makeUser(t);
    const made = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/createExchange',
      token: owner.token,
      payload: validCreate(a),
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().content.id as string;
    const ownerSocket = await connect(url, { token: owner.token });
    const otherSocket = await connect(url, { token: someone.token });
    const res = await t.request({
      method: 'POST',
      url: '/api/PublicExchange/confirmTransaction',
      payload: { exchangeId: id, transactionHash: newBtcHash() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownerSocket.next(id)).toMatchObject({ id, status: TransactionStatus.pending });
    await pause(200);
    expect(otherSocket.received).toEqual([]);
  });

  it('deactivating a user closes their live connections at once, not at the next re-check', async () => {
    const user = await makeUser(t);
    const bystander = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const theirs = await connect(url, { token: user.token });
    const other = await connect(url, { token: bystander.token });
    const gone = new Promise<string>((resolve) =>
      theirs.socket.once('disconnect', (reason) => resolve(reason)),
    );
    const res = await t.request({
      method: 'POST',
      url: `/api/Admin/setAccountStatus?userId=${user.id}&status=-1`,
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reason = await Promise.race([gone, pause(2000).then(() => 'still connected')]);
    expect(reason).toBe('io server disconnect');
    await pause(200);
    expect(other.socket.connected).toBe(true);
  });
});
