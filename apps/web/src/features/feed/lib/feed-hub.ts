import { FEED_WATCH_MAX, type FeedSettings, type FeedUpdate, type WithdrawalPush } from '@vaultline/shared';
import { createFeedConnection, type FeedPayloads, type FeedSocket, type FeedState } from './feed-connection';

/** One screen's interest in the feed: the exchange ids it holds and what to do with an update. */
export interface FeedSubscriber {
  watchIds: readonly string[];
  onUpdate(update: FeedUpdate): void;
  /** Public settings pushed live (new minimum or fee rate). */
  onSettings?(settings: FeedSettings): void;
  /** One of the signed-in user's withdrawals changed. */
  onWithdrawal?(withdrawal: WithdrawalPush): void;
}

export interface FeedHubDeps {
  /**
   * Loads socket.io-client and the payload checks (dynamic imports: only a page that opens the feed
   * pays for them, and only after its first paint).
   */
  loadSocket(): Promise<{ socket: () => FeedSocket; payloads: FeedPayloads }>;
  /** The signed-in user's id, or null for a guest; a change restarts the connection (new handshake). */
  identity(): string | null;
  subscribeIdentity(listener: () => void): () => unknown;
  /** spec-1 §8 live-feed notices. */
  onNotice(notice: 'gaveUp' | 'reconnected'): void;
  /** How long the connection outlives its last subscriber, so page-to-page navigation keeps it. */
  lingerMs?: number;
}

export interface FeedHub {
  subscribe(sub: FeedSubscriber): () => void;
  /** A subscriber's watch list changed: the union is sent again when it differs. */
  watchChanged(): void;
  getState(): FeedState;
  subscribeState(listener: () => void): () => void;
}

/**
 * One live-feed connection for every screen of the page that wants it: opened by the first
 * subscriber, closed a moment after the last one leaves, watching the union of their ids (at most
 * FEED_WATCH_MAX, the server's limit) and handing each update to all of them.
 */
export function createFeedHub(deps: FeedHubDeps): FeedHub {
  const lingerMs = deps.lingerMs ?? 1000;
  const subs = new Set<FeedSubscriber>();
  const stateListeners = new Set<() => void>();
  let state: FeedState = 'Disconnected';
  let conn: ReturnType<typeof createFeedConnection> | null = null;
  let loading = false;
  let linger: ReturnType<typeof setTimeout> | undefined;
  let sent = '';
  let who: string | null = null;
  let stopIdentity: (() => unknown) | null = null;

  const setState = (next: FeedState) => {
    if (next === state) return;
    state = next;
    for (const l of [...stateListeners]) l();
  };

  function watchIds(): string[] {
    const ids = new Set<string>();
    for (const s of subs) for (const id of s.watchIds) ids.add(id);
    return [...ids].slice(0, FEED_WATCH_MAX);
  }

  function open(kit: { socket: () => FeedSocket; payloads: FeedPayloads }) {
    conn = createFeedConnection({
      ...kit,
      onState: setState,
      onUpdate: (u) => {
        for (const s of [...subs]) s.onUpdate(u);
      },
      onSettings: (v) => {
        for (const s of [...subs]) s.onSettings?.(v);
      },
      onWithdrawal: (w) => {
        for (const s of [...subs]) s.onWithdrawal?.(w);
      },
      onNotice: deps.onNotice,
      watchIds: () => {
        const ids = watchIds();
        sent = ids.join(',');
        return ids;
      },
    });
    who = deps.identity();
    stopIdentity?.();
    stopIdentity = deps.subscribeIdentity(() => {
      const next = deps.identity();
      if (next === who || !conn) return;
      // Signed in or out: the user room is decided at the handshake, so a new connection (a new
      // one, not a reconnect: no "reconnected" notice for it).
      conn.stop();
      open(kit);
    });
    conn.start();
  }

  function ensure() {
    clearTimeout(linger);
    if (conn || loading) return;
    loading = true;
    setState('Connecting');
    deps.loadSocket().then(
      (kit) => {
        loading = false;
        if (subs.size === 0) setState('Disconnected');
        else open(kit);
      },
      () => {
        // The script chunk did not load (offline, new deploy): the next subscriber tries again.
        loading = false;
        setState('Error');
        deps.onNotice('gaveUp');
      },
    );
  }

  function close() {
    conn?.stop();
    conn = null;
    stopIdentity?.();
    stopIdentity = null;
    sent = '';
    setState('Disconnected');
  }

  function rewatch() {
    if (!conn || watchIds().join(',') === sent) return;
    conn.rewatch();
  }

  return {
    subscribe(sub) {
      subs.add(sub);
      ensure();
      // Joining a connection that is already open (a screen kept it while the page changed): its
      // ids must be watched now, not at the next reconnect.
      rewatch();
      return () => {
        if (!subs.delete(sub) || subs.size > 0) return;
        clearTimeout(linger);
        linger = setTimeout(() => {
          if (subs.size === 0) close();
        }, lingerMs);
      };
    },
    watchChanged: rewatch,
    getState: () => state,
    subscribeState(listener) {
      stateListeners.add(listener);
      return () => {
        stateListeners.delete(listener);
      };
    },
  };
}
