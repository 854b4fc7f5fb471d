import { FEED_EVENT, TransactionStatus } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { fakeSockets } from '../test/fake-socket';
import { createFeedConnection, RESTART_AFTER_CLOSE_MS, startRetryDelay } from './feed-connection';
import { feedPayloads } from './feed-payloads';

/** Timers the test advances by hand; records each delay asked for. */
function manualTimers() {
  let pending: { fn: () => void; ms: number } | undefined;
  const delays: number[] = [];
  return {
    delays,
    set: (fn: () => void, ms: number) => {
      pending = { fn, ms };
      delays.push(ms);
      return pending;
    },
    clear: (t: unknown) => {
      if (t === pending) pending = undefined;
    },
    run() {
      const p = pending;
      pending = undefined;
      p?.fn();
    },
  };
}

function setup(watch: string[] = []) {
  const { sockets, socket, last } = fakeSockets();
  const states: string[] = [];
  const notices: string[] = [];
  const updates: unknown[] = [];
  const timers = manualTimers();
  const conn = createFeedConnection({
    payloads: feedPayloads,
    socket,
    onState: (s) => states.push(s),
    onUpdate: (u) => updates.push(u),
    onNotice: (n) => notices.push(n),
    watchIds: () => watch,
    timers,
  });
  return { conn, sockets, states, notices, updates, timers, last };
}

describe('live feed connection (spec-1 §4, §9, §10)', () => {
  it('connects, sends the held exchange ids, and passes on only updates that fit the schema', () => {
    const f = setup(['3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70']);
    f.conn.start();
    f.last().fire('connect');
    expect(f.states).toEqual(['Connecting', 'Connected']);
    expect(f.last().sent).toEqual([['watch', ['3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70']]]);
    const good = {
      id: '3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70',
      status: TransactionStatus.success,
      adminNotes: null,
      transactionHash: null,
      updatedAt: '2026-11-23T12:00:00.000Z',
    };
    f.last().fire(FEED_EVENT, good);
    f.last().fire(FEED_EVENT, { ...good, email: 'someone@example.com' });
    f.last().fire(FEED_EVENT, { id: 'x' });
    expect(f.updates).toEqual([good]);
    expect(f.notices).toEqual([]);
  });

  it('retries the first start 5 times at 1, 2, 4, 8, 16 s, then warns and starts again after 5 s', () => {
    const f = setup();
    f.conn.start();
    for (let i = 0; i < 6; i++) {
      f.last().fire('connect_error');
      f.timers.run();
    }
    expect(f.timers.delays).toEqual([
      startRetryDelay(0),
      startRetryDelay(1),
      startRetryDelay(2),
      startRetryDelay(3),
      startRetryDelay(4),
      RESTART_AFTER_CLOSE_MS,
    ]);
    expect(f.timers.delays.slice(0, 5)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(f.notices).toEqual(['gaveUp']);
    expect(f.states).toContain('Error');
    expect(f.sockets).toHaveLength(7);
    expect(startRetryDelay(10)).toBe(30_000);
  });

  it('after a loss reconnects at 0, 2, 5, 10, 20 s, says so when back, and watches again', () => {
    const f = setup(['3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70']);
    f.conn.start();
    f.last().fire('connect');
    f.last().fire('disconnect');
    expect(f.states.at(-1)).toBe('Reconnecting');
    f.timers.run();
    for (let i = 0; i < 3; i++) {
      f.last().fire('connect_error');
      f.timers.run();
    }
    f.last().fire('connect');
    expect(f.timers.delays).toEqual([0, 2000, 5000, 10000]);
    expect(f.notices).toEqual(['reconnected']);
    expect(f.states.at(-1)).toBe('Connected');
    expect(f.last().emitted).toHaveLength(1);
  });

  it('when every reconnect delay fails it is closed, and starts afresh after 5 s', () => {
    const f = setup();
    f.conn.start();
    f.last().fire('connect');
    f.last().fire('disconnect');
    f.timers.run();
    for (let i = 0; i < 5; i++) {
      f.last().fire('connect_error');
      if (i < 4) f.timers.run();
    }
    expect(f.states.at(-1)).toBe('Disconnected');
    expect(f.timers.delays).toEqual([0, 2000, 5000, 10000, 20000, RESTART_AFTER_CLOSE_MS]);
  });

  it('stop closes the socket without taking it for a loss, and nothing restarts', () => {
    const f = setup();
    f.conn.start();
    f.last().fire('connect');
    f.conn.stop();
    expect(f.last().closed).toBe(true);
    expect(f.states.at(-1)).toBe('Disconnected');
    f.timers.run();
    expect(f.sockets).toHaveLength(1);
  });
});
