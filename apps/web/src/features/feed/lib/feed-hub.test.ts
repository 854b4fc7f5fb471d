import { FEED_EVENT, FEED_PATH, TransactionStatus } from '@vaultline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, fakeSockets } from '../test/fake-socket';
import { socketIoFactory } from './feed-connection';
import { createFeedHub } from './feed-hub';
import { feedPayloads } from './feed-payloads';
import { forcedTransport } from './feed-transport';

const A = '3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70';
const B = '5b1e0c2d-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function setup() {
  const { sockets, socket, last } = fakeSockets();
  let user: string | null = null;
  const identityListeners = new Set<() => void>();
  const notices: string[] = [];
  const loads = { count: 0 };
  const hub = createFeedHub({
    loadSocket: async () => {
      loads.count++;
      return { payloads: feedPayloads, socket };
    },
    identity: () => user,
    subscribeIdentity: (l) => {
      identityListeners.add(l);
      return () => identityListeners.delete(l);
    },
    onNotice: (n) => notices.push(n),
    lingerMs: 1000,
  });
  const signIn = (id: string | null) => {
    user = id;
    for (const l of identityListeners) l();
  };
  return { hub, sockets, notices, loads, signIn, last, identityListeners };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('feed hub: one connection per page', () => {
  it('shares one socket between screens, watches the union of their ids and hands updates to all', async () => {
    const f = setup();
    const got1: string[] = [];
    const got2: string[] = [];
    const s1 = { watchIds: [A], onUpdate: (u: { id: string }) => got1.push(u.id) };
    const s2 = { watchIds: [A, B], onUpdate: (u: { id: string }) => got2.push(u.id) };
    f.hub.subscribe(s1);
    f.hub.subscribe(s2);
    expect(f.hub.getState()).toBe('Connecting');
    await flush();
    expect(f.loads.count).toBe(1);
    expect(f.sockets).toHaveLength(1);
    f.last().fire('connect');
    expect(f.hub.getState()).toBe('Connected');
    expect(f.last().emitted).toEqual([[A, B]]);
    const update = {
      id: B,
      status: TransactionStatus.success,
      adminNotes: null,
      transactionHash: null,
      updatedAt: '2026-11-23T12:00:00.000Z',
    };
    f.last().fire(FEED_EVENT, update);
    expect(got1).toEqual([B]);
    expect(got2).toEqual([B]);
  });

  it('sends the watch list again only when the union changes', async () => {
    const f = setup();
    const s1 = { watchIds: [A] as string[], onUpdate: () => {} };
    f.hub.subscribe(s1);
    await flush();
    f.last().fire('connect');
    f.hub.watchChanged();
    expect(f.last().emitted).toEqual([[A]]);
    s1.watchIds = [A, B];
    f.hub.watchChanged();
    expect(f.last().emitted).toEqual([[A], [A, B]]);
  });

  it('a screen joining an open connection gets its ids watched at once (page to page)', async () => {
    vi.useFakeTimers();
    const f = setup();
    // The first page's screen watches nothing (live settings only), then the page changes.
    const off1 = f.hub.subscribe({ watchIds: [], onUpdate: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    f.last().fire('connect');
    const before = f.last().emitted.length;
    off1();
    // The next page's screen joins within the linger time, holding an exchange id.
    f.hub.subscribe({ watchIds: [A], onUpdate: () => {} });
    expect(f.sockets).toHaveLength(1);
    expect(f.last().emitted.slice(before)).toEqual([[A]]);
  });

  it('closes a moment after the last screen leaves, but not when another takes its place', async () => {
    vi.useFakeTimers();
    const f = setup();
    const off1 = f.hub.subscribe({ watchIds: [], onUpdate: () => {} });
    await vi.advanceTimersByTimeAsync(0);
    f.last().fire('connect');
    off1();
    await vi.advanceTimersByTimeAsync(500);
    const off2 = f.hub.subscribe({ watchIds: [], onUpdate: () => {} });
    await vi.advanceTimersByTimeAsync(2000);
    expect(f.sockets).toHaveLength(1);
    expect(f.last().closed).toBe(false);
    off2();
    await vi.advanceTimersByTimeAsync(1000);
    expect(f.last().closed).toBe(true);
    expect(f.hub.getState()).toBe('Disconnected');
    expect(f.identityListeners.size).toBe(0);
  });

  it('connects again when the user signs in or out (the user room is chosen at the handshake)', async () => {
    const f = setup();
    f.hub.subscribe({ watchIds: [], onUpdate: () => {} });
    await flush();
    f.last().fire('connect');
    f.signIn('user-1');
    expect(f.sockets).toHaveLength(2);
    expect(f.sockets[0]?.closed).toBe(true);
    f.signIn('user-1');
    expect(f.sockets).toHaveLength(2);
    f.signIn(null);
    expect(f.sockets).toHaveLength(3);
    f.last().fire('connect');
    expect(f.hub.getState()).toBe('Connected');
    expect(f.notices).toEqual([]);
    expect(f.identityListeners.size).toBe(1);
  });

  it('a socket.io-client that fails to load shows Error and the warning', async () => {
    const notices: string[] = [];
    const hub = createFeedHub({
      loadSocket: () => Promise.reject(new Error('chunk')),
      identity: () => null,
      subscribeIdentity: () => () => {},
      onNotice: (n) => notices.push(n),
    });
    hub.subscribe({ watchIds: [], onUpdate: () => {} });
    await flush();
    expect(hub.getState()).toBe('Error');
    expect(notices).toEqual(['gaveUp']);
  });
});

describe('socket.io options', () => {
  it('uses the feed path, no auto (re)connect, both transports by default or the forced one', async () => {
    const calls: [string, Record<string, unknown>][] = [];
    const io = (url: string, opts: Record<string, unknown>) => {
      calls.push([url, opts]);
      return new FakeSocket();
    };
    socketIoFactory(io, 'http://x', () => null)();
    socketIoFactory(io, 'http://x', async () => 'tok', { transports: ['websocket'] })();
    const [first, second] = calls.map((c) => c[1]);
    expect(first).toMatchObject({
      path: FEED_PATH,
      autoConnect: false,
      reconnection: false,
      transports: ['polling', 'websocket'],
      upgrade: true,
    });
    expect(second).toMatchObject({ transports: ['websocket'], upgrade: false });
    const auth = (o: Record<string, unknown> | undefined) => {
      const fn = o?.auth as (cb: (d: object) => void) => void;
      return new Promise((resolve) => fn(resolve));
    };
    expect(await auth(first)).toEqual({});
    expect(await auth(second)).toEqual({ token: 'tok' });
  });

  it('reads the forced transport from the query, then localStorage', () => {
    localStorage.removeItem('feedTransport');
    expect(forcedTransport('')).toBeNull();
    expect(forcedTransport('?feedTransport=polling')).toBe('polling');
    expect(forcedTransport('?feedTransport=carrier-pigeon')).toBeNull();
    localStorage.setItem('feedTransport', 'websocket');
    expect(forcedTransport('')).toBe('websocket');
    expect(forcedTransport('?feedTransport=polling')).toBe('polling');
    localStorage.removeItem('feedTransport');
  });
});
