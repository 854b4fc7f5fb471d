import type { Server as HttpServer, IncomingMessage } from 'node:http';
import {
  FEED_PATH,
  FEED_WATCH_EVENT,
  FEED_WATCH_MAX,
  type FeedWatchAck,
  feedWatchSchema,
} from '@vaultline/shared';
import { Server, type Socket } from 'socket.io';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { assertAccountUsable } from '../../plugins/auth-caller';
import { type FeedAuth, isFeedAdmin } from './feed-auth';
import { type SocketUser, startRecheck } from './recheck';
import type { FeedLog } from './redis-adapter';
import { openRedisAdapter } from './redis-adapter';
import { room } from './rooms';

/** The error a refused connection gets (`connect_error`: message, and data.code). */
function refusal(message: string, code: string): Error & { data: { code: string } } {
  return Object.assign(new Error(message), { data: { code } });
}

/**
 * Same origin only: a browser page on another site may not open the feed (WebSocket has no CORS,
 * so the Origin header is checked here for both transports). Clients that send no Origin (not a
 * browser) are allowed; they still only get the rooms they may join.
 */
function sameOrigin(req: IncomingMessage, publicOrigin: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Who holds the handshake's bearer token: nobody (a guest), a user, or a refusal. */
async function identify(auth: FeedAuth, raw: unknown): Promise<SocketUser | null> {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw refusal('Invalid access token', 'TOKEN_INVALID');
  const token = raw.replace(/^Bearer\s+/i, '');
  const claims = await auth.tokens.verify(token);
  if ('error' in claims) {
    throw claims.error === 'expired'
      ? refusal('Your session has expired, please log in again', 'TOKEN_EXPIRED')
      : refusal('Invalid access token', 'TOKEN_INVALID');
  }
  const state = await auth.loadAuthState(claims.sub);
  try {
    assertAccountUsable(state, claims.ver);
  } catch (err) {
    if (err instanceof AppError) throw refusal(err.message, err.code);
    throw err;
  }
  // The role comes from the database, not from the token's claim.
  return { id: state.id, ver: claims.ver, admin: await isFeedAdmin(auth, state) };
}

/** A guest's `watch` message: the exchange ids it holds replace the ones it watched before. */
async function onWatch(socket: Socket, ids: unknown, ack: unknown) {
  const reply = typeof ack === 'function' ? (ack as (a: FeedWatchAck) => void) : () => {};
  const parsed = feedWatchSchema.safeParse(ids);
  if (!parsed.success) {
    reply({ ok: false, error: `Send a list of at most ${FEED_WATCH_MAX} exchange ids` });
    return;
  }
  const wanted = new Set(parsed.data.map(room.exchange));
  for (const r of socket.rooms) if (r.startsWith('exchange:') && !wanted.has(r)) await socket.leave(r);
  await socket.join([...wanted]);
  reply({ ok: true, watching: wanted.size });
}

export async function openFeedServer(
  server: HttpServer,
  auth: FeedAuth,
  deps: {
    config: Pick<Config, 'redisUrl' | 'publicUrl'>;
    log: FeedLog;
    redisKey: string;
    recheckMs: number;
  },
): Promise<{ io: Server; close(): Promise<void> }> {
  const publicOrigin = new URL(deps.config.publicUrl).origin;
  const redis = deps.config.redisUrl
    ? await openRedisAdapter(deps.config.redisUrl, deps.redisKey, deps.log)
    : undefined;
  let closing = false;
  const io = new Server(server, {
    path: FEED_PATH,
    transports: ['polling', 'websocket'],
    serveClient: false,
    // Clients only send short watch lists.
    maxHttpBufferSize: 16 * 1024,
    // No new session once the server is closing: the client retries elsewhere (or here, later).
    allowRequest: (req, done) =>
      closing ? done('The server is shutting down', false) : done(null, sameOrigin(req, publicOrigin)),
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  // While closing, every feed response also ends its connection, as Fastify's own answers do. Node
  // keeps serving a kept-alive connection after the server closes, so a client reconnecting at once
  // and long-polling on one would hold the server open until the browser went away.
  io.engine.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (closing) res.setHeader('connection', 'close');
    next();
  });

  io.use((socket, next) => {
    identify(auth, (socket.handshake.auth as { token?: unknown }).token).then(
      (user) => {
        socket.data.user = user;
        next();
      },
      (err: Error) => {
        if (!('data' in err)) deps.log.error({ err }, 'feed handshake failed');
        next('data' in err ? err : refusal('Could not check your session', 'INTERNAL'));
      },
    );
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as SocketUser | null;
    // Joined in the same tick as the client's connect packet goes out (both adapters join
    // synchronously), so an update published once the client sees 'connect' reaches it.
    if (user) {
      void socket.join(room.user(user.id));
      if (user.admin) void socket.join(room.admins);
    }
    socket.on(FEED_WATCH_EVENT, (ids: unknown, ack: unknown) => {
      onWatch(socket, ids, ack).catch((err: unknown) => deps.log.error({ err }, 'feed watch failed'));
    });
  });

  const stopRecheck = startRecheck(io, auth, deps.recheckMs, deps.log);

  return {
    io,
    async close() {
      closing = true;
      stopRecheck();
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself. Nor a
      // disconnect of each socket: clients take that as "do not reconnect". Closing the transports
      // makes every client reconnect by itself, to another instance behind the load balancer.
      io.engine.close();
      await io.of('/').adapter.close();
      await redis?.close();
    },
  };
}
