import type { Server as HttpServer } from 'node:http';
import {
  FEED_EVENT,
  FEED_SETTINGS_EVENT,
  type FeedSettings,
  type FeedUpdate,
  feedSettingsSchema,
  feedUpdateSchema,
  WITHDRAWAL_FEED_EVENT,
  type Withdrawal,
  withdrawalSchema,
} from '@vaultline/shared';
import type { Server } from 'socket.io';
import type { Config } from '../../config';
import { openFeedServer } from './feed.socket';
import type { FeedAuth } from './feed-auth';
import type { FeedLog } from './redis-adapter';
import { room } from './rooms';

/** Where one update goes. The admins' room always gets it (they watch every transaction). */
export interface FeedTargets {
  /** The guest exchange the update is about: every connection watching that id. */
  exchangeId?: string;
  /** The signed-in owner: every connection of that user. */
  userId?: string;
  /** Only the admins (an update with no exchange and no owner); they get every update anyway. */
  admins?: boolean;
}

export interface FeedService {
  /**
   * Pushes one transaction's progress to the named rooms (and the admins), on this instance and,
   * with Redis, on every other. Never throws: a status change is already committed when this runs;
   * an update that fails the schema is logged and dropped. Returns whether it was sent.
   */
  publish(update: FeedUpdate, to: FeedTargets): boolean;
  /**
   * Pushes the public settings (minimum amount, fee) to every connection, on every instance: the
   * only event sent to everyone, and it carries nothing about anyone (decision 0019). Never throws.
   */
  publishSettings(settings: FeedSettings): boolean;
  /**
   * Pushes a withdrawal's new state (event `withdrawal`) to its owner's connections only (decision
   * 0054); checked against the contract's schema first. Never throws.
   */
  publishWithdrawal(withdrawal: Withdrawal, userId: string): boolean;
  /**
   * Closes every live connection of this user, on every instance (a deactivated account; the
   * periodic re-check would do it within a minute). Never throws.
   */
  disconnectUser(userId: string): void;
  /** Attaches Socket.IO to the HTTP server (the app's onReady). */
  attach(server: HttpServer, auth: FeedAuth): Promise<void>;
  /** Disconnects every client and leaves Redis (the app's preClose). */
  close(): Promise<void>;
  /** Clients connected to this instance now (metrics). */
  connections?(): number;
}

// Notes are typed by an admin: a word with an '@' (an e-mail address) is never pushed.
const maskEmails = (text: string | null) => (text === null ? null : text.replace(/\S*@\S*/g, '[hidden]'));

export function createFeedService(deps: {
  config: Pick<Config, 'redisUrl' | 'publicUrl'>;
  log: FeedLog;
  /** Redis channel prefix; instances that share rooms use the same one (tests isolate theirs). */
  redisKey?: string;
  /** How often connected users' accounts are re-read (revoked or disabled ones are cut off). */
  recheckMs?: number;
}): FeedService {
  let io: Server | undefined;
  let closeServer: (() => Promise<void>) | undefined;

  return {
    publish(update, to) {
      const parsed = feedUpdateSchema.safeParse({
        id: update.id,
        status: update.status,
        adminNotes: maskEmails(update.adminNotes),
        transactionHash: update.transactionHash,
        updatedAt: update.updatedAt,
        // Watched networks (DECISIONS §10): the confirmations, the stage and the payout hash.
        ...(update.depositConfirmations !== undefined
          ? { depositConfirmations: update.depositConfirmations }
          : {}),
        ...(update.requiredConfirmations !== undefined
          ? { requiredConfirmations: update.requiredConfirmations }
          : {}),
        ...(update.stage !== undefined ? { stage: update.stage } : {}),
        ...(update.payoutHash !== undefined ? { payoutHash: update.payoutHash } : {}),
      });
      if (!parsed.success) {
        deps.log.error({ id: update.id, issues: parsed.error.issues }, 'feed update dropped: invalid');
        return false;
      }
      if (!io) return false;
      const rooms: string[] = [room.admins];
      if (to.exchangeId) rooms.push(room.exchange(to.exchangeId));
      if (to.userId) rooms.push(room.user(to.userId));
      // A connection in several of these rooms gets the message once.
      io.to(rooms).emit(FEED_EVENT, parsed.data);
      return true;
    },

    publishWithdrawal(withdrawal, userId) {
      const parsed = withdrawalSchema.safeParse(withdrawal);
      if (!parsed.success) {
        deps.log.error(
          { id: withdrawal.id, issues: parsed.error.issues },
          'withdrawal push dropped: invalid',
        );
        return false;
      }
      if (!io) return false;
      io.to(room.user(userId)).emit(WITHDRAWAL_FEED_EVENT, parsed.data);
      return true;
    },

    disconnectUser(userId) {
      // With the Redis adapter this reaches the user's sockets on the other instances too.
      io?.in(room.user(userId)).disconnectSockets(true);
    },

    publishSettings(settings) {
      const parsed = feedSettingsSchema.safeParse({
        minimumTransactionAmount: settings.minimumTransactionAmount,
        feeRate: settings.feeRate,
        updatedAt: settings.updatedAt,
      });
      if (!parsed.success) {
        deps.log.error({ issues: parsed.error.issues }, 'feed settings dropped: invalid');
        return false;
      }
      if (!io) return false;
      io.emit(FEED_SETTINGS_EVENT, parsed.data);
      return true;
    },

    async attach(server, auth) {
      if (io) return;
      const opened = await openFeedServer(server, auth, {
        ...deps,
        redisKey: deps.redisKey ?? 'vaultline-feed',
        recheckMs: deps.recheckMs ?? 60_000,
      });
      io = opened.io;
      closeServer = opened.close;
    },

    connections: () => io?.engine.clientsCount ?? 0,

    async close() {
      const close = closeServer;
      io = undefined;
      closeServer = undefined;
      await close?.();
    },
  };
}
