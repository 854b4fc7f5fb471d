import type { FeedUpdate } from '@vaultline/shared';
import { createContext, type ReactNode, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { defaultFeedHub } from './lib/default-hub';
import type { FeedState } from './lib/feed-connection';
import type { FeedHub, FeedSubscriber } from './lib/feed-hub';

const FeedHubContext = createContext<FeedHub | null>(null);

/** Gives the screens below a hub of one's own (tests pass one over a fake socket). */
export function FeedProvider({ hub, children }: { hub: FeedHub; children: ReactNode }) {
  return <FeedHubContext.Provider value={hub}>{children}</FeedHubContext.Provider>;
}

const useFeedHub = () => useContext(FeedHubContext) ?? defaultFeedHub();
/** The page's hub (the provider's in tests), for hooks built on the same connection. */
export const useFeedHubInstance = useFeedHub;

const idle: FeedHub['subscribeState'] = () => () => {};
const disconnected = (): FeedState => 'Disconnected';

export interface UseFeedUpdatesOptions {
  /** Guest exchange ids this screen holds (a signed-in user also hears their own without them). */
  watchIds?: readonly string[];
  /** Each update, already checked against the shared schema. */
  onUpdate(update: FeedUpdate): void;
  /** false: no connection for this screen (nothing to listen for). Default true. */
  enabled?: boolean;
}

/**
 * Live status changes (spec-1 §4, DECISIONS §6): joins the page's one Socket.IO connection while
 * mounted (socket.io-client is loaded on first use), watches `watchIds` (sent again when they
 * change) and returns the connection state for <FeedStatus>. The bearer token goes in the handshake
 * when signed in; signing in or out reconnects.
 */
export function useFeedUpdates({ watchIds = [], onUpdate, enabled = true }: UseFeedUpdatesOptions): {
  state: FeedState;
} {
  const hub = useFeedHub();
  const sub = useRef<FeedSubscriber>({ watchIds: [], onUpdate: () => {} });
  const key = watchIds.join(',');

  useEffect(() => {
    sub.current.onUpdate = onUpdate;
  });

  useEffect(() => {
    sub.current.watchIds = key ? key.split(',') : [];
    hub.watchChanged();
  }, [hub, key]);

  useEffect(() => {
    if (!enabled) return;
    return hub.subscribe(sub.current);
  }, [hub, enabled]);

  const state = useSyncExternalStore(
    enabled ? hub.subscribeState : idle,
    enabled ? hub.getState : disconnected,
    enabled ? hub.getState : disconnected,
  );
  return { state };
}
