import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  FEED_EVENT,
  FEED_PATH,
  type FeedUpdate,
  type FeedWatchAck,
  TransactionStatus,
} from '@vaultline/shared';
import { io as connectClient, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createFeedService } from './feed.service';

/** A test app listening on an ephemeral loopback port, with its own Redis channel (if any). */
export async function listeningApp(recheckMs = 60_000, env: Record<string, string> = {}) {
  const config = { redisUrl: process.env.REDIS_URL, publicUrl: 'http://localhost:8080' };
  const redisKey = `feed-test-${randomUUID()}`;
  const feed = createFeedService({ config, log: { error: () => {} }, redisKey, recheckMs });
  const t = await createTestApp({ env, overrides: { feed } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, url: `http://127.0.0.1:${port}` };
}

export type Transport = 'polling' | 'websocket';

export interface FeedClient {
  socket: Socket;
  /** Every update received so far, as received (raw JSON values). */
  received: Record<string, unknown>[];
  /** Sends a watch list and resolves with the server's acknowledgement. */
  watch(ids: unknown): Promise<FeedWatchAck>;
  /** Resolves when an update about this id has arrived. */
  next(id: string, timeoutMs?: number): Promise<Record<string, unknown>>;
}

const sockets: Socket[] = [];

/** Connects and resolves once connected; rejects with the server's refusal (connect_error). */
export function connect(
  url: string,
  opts: { token?: unknown; transport?: Transport; origin?: string } = {},
): Promise<FeedClient> {
  const socket = connectClient(url, {
    path: FEED_PATH,
    transports: [opts.transport ?? 'websocket'],
    reconnection: false,
    forceNew: true,
    ...(opts.token !== undefined ? { auth: { token: opts.token } } : {}),
    ...(opts.origin ? { extraHeaders: { origin: opts.origin } } : {}),
  });
  sockets.push(socket);
  const received: Record<string, unknown>[] = [];
  const waiters: { id: string; resolve(u: Record<string, unknown>): void }[] = [];
  socket.on(FEED_EVENT, (u: Record<string, unknown>) => {
    received.push(u);
    for (const w of waiters.filter((x) => x.id === u.id)) w.resolve(u);
  });
  const client: FeedClient = {
    socket,
    received,
    watch: (ids) => socket.timeout(5000).emitWithAck('watch', ids),
    next(id, timeoutMs = 5000) {
      const seen = received.find((u) => u.id === id);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no update about ${id} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          id,
          resolve: (u) => {
            clearTimeout(timer);
            resolve(u);
          },
        });
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', (err: Error & { data?: unknown }) => {
      socket.close();
      reject(err);
    });
  });
}

/** Closes every client socket this file opened (before the app closes). */
export function closeClients() {
  for (const s of sockets.splice(0)) s.close();
}

export function update(id = randomUUID(), status: number = TransactionStatus.success): FeedUpdate {
  return {
    id,
    status,
    adminNotes: 'Approved',
    transactionHash: '0xabc123',
    updatedAt: new Date().toISOString(),
  };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type { TestApp };
