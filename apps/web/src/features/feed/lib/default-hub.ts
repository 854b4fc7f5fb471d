import { refreshSession } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { isAuthenticated, session } from '../../../lib/session';
import { socketIoFactory } from './feed-connection';
import { createFeedHub, type FeedHub } from './feed-hub';
import { forcedTransport } from './feed-transport';

/**
 * The handshake's bearer token (spec-1 §6): an expired access token is refreshed first; without a
 * usable one the connection is a guest's (it then only hears the exchanges it watches).
 */
async function feedToken(): Promise<string | null> {
  if (session.get().token && !isAuthenticated()) await refreshSession();
  return isAuthenticated() ? session.get().token : null;
}

let hub: FeedHub | null = null;

/** The page's one feed connection, created on first use. */
export function defaultFeedHub(): FeedHub {
  hub ??= createFeedHub({
    loadSocket: async () => {
      const [{ io }, { feedPayloads }] = await Promise.all([
        import('socket.io-client'),
        import('./feed-payloads'),
      ]);
      const forced = forcedTransport();
      const socket = socketIoFactory(io, window.location.origin, feedToken, {
        transports: forced ? [forced] : undefined,
      });
      return { socket, payloads: feedPayloads };
    },
    identity: () => (isAuthenticated() ? (session.get().claims?.sub ?? null) : null),
    subscribeIdentity: session.subscribe,
    onNotice: (n) =>
      notify(
        n === 'gaveUp'
          ? { title: i18n.t('Feed.GaveUp'), severity: 'Warning' }
          : { title: i18n.t('Feed.Reconnected'), severity: 'Success' },
      ),
  });
  return hub;
}
