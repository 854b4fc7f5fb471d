import type { Server, Socket } from 'socket.io';
import { type FeedAuth, isFeedAdmin } from './feed-auth';
import type { FeedLog } from './redis-adapter';
import { room } from './rooms';

/** Who a connection was at its handshake: the user, the token version it showed, admin or not. */
export interface SocketUser {
  id: string;
  ver: number;
  admin: boolean;
}

/**
 * A connection is identified once, at its handshake; this re-reads each connected user's account
 * every `everyMs` so a disabled account or a revoked session (logout, password change: a newer token
 * version) stops receiving within that time, and a role change (or, with ADMIN_REQUIRE_2FA, an
 * admin's last factor removed or a first one added) moves the socket in or out of the admins' room.
 * A refused socket is disconnected by the server (the client does not auto-reconnect).
 */
export function startRecheck(io: Server, auth: FeedAuth, everyMs: number, log: FeedLog): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const byUser = new Map<string, Socket[]>();
      for (const socket of io.of('/').sockets.values()) {
        const user = socket.data.user as SocketUser | null;
        if (user) byUser.set(user.id, [...(byUser.get(user.id) ?? []), socket]);
      }
      for (const [id, sockets] of byUser) {
        const state = await auth.loadAuthState(id);
        const admin = state ? await isFeedAdmin(auth, state) : false;
        for (const socket of sockets) {
          const user = socket.data.user as SocketUser;
          if (!state?.active || state.tokenVersion !== user.ver) {
            socket.disconnect(true);
          } else if (user.admin !== admin) {
            user.admin = admin;
            await (user.admin ? socket.join(room.admins) : socket.leave(room.admins));
          }
        }
      }
    } catch (err) {
      log.error({ err }, 'feed session re-check failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
