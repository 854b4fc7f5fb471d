import {
  FEED_EVENT,
  FEED_PATH,
  FEED_SETTINGS_EVENT,
  FEED_WATCH_EVENT,
  WITHDRAWAL_FEED_EVENT as FEED_WITHDRAWAL_EVENT,
  type FeedSettings,
  type FeedUpdate,
  type WithdrawalPush,
} from '@vaultline/shared';

/** spec-1 §4 live connection states. */
export type FeedState = 'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Error';

/** spec-1 §10: start retried up to 5 times, delay min(1000 x 2^n, 30000) ms; after a close, 5 s. */
export const START_RETRIES = 5;
export const startRetryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
export const RESTART_AFTER_CLOSE_MS = 5000;
/** spec-1 §7: reconnect delays once a connection was lost. */
export const RECONNECT_DELAYS = [0, 2000, 5000, 10_000, 20_000] as const;

/** The part of a socket.io client this uses (a fake in tests). */
export interface FeedSocket {
  connect(): void;
  disconnect(): void;
  on(event: 'connect' | 'disconnect' | 'connect_error', cb: (arg?: unknown) => void): void;
  on(
    event: typeof FEED_EVENT | typeof FEED_SETTINGS_EVENT | typeof FEED_WITHDRAWAL_EVENT,
    cb: (payload: unknown) => void,
  ): void;
  emit(event: typeof FEED_WATCH_EVENT, ids: string[]): void;
}

/** Checks a pushed payload against the shared schema (feed-payloads.ts); null when it does not pass. */
export interface FeedPayloads {
  update(payload: unknown): FeedUpdate | null;
  settings(payload: unknown): FeedSettings | null;
  withdrawal?(payload: unknown): WithdrawalPush | null;
}

export interface FeedConnectionOptions {
  /** Makes a socket that does not connect by itself and never reconnects on its own. */
  socket: () => FeedSocket;
  payloads: FeedPayloads;
  onState(state: FeedState): void;
  onUpdate(update: FeedUpdate): void;
  /** A new minimum or fee rate, pushed to every page when an admin changes it (decision 0019). */
  onSettings?(settings: FeedSettings): void;
  /** One of the user's withdrawals changed (status, confirmations). */
  onWithdrawal?(withdrawal: WithdrawalPush): void;
  /** 'gaveUp': the warning of spec-1 §9; 'reconnected': its success notice. */
  onNotice(notice: 'gaveUp' | 'reconnected'): void;
  /** The exchange ids a guest's browser holds (sent again on every connect). */
  watchIds?: () => string[];
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (t: unknown) => void };
}

/**
 * The live feed's connection: first start with up to 5 retries (exponential back-off, then a
 * warning and a fresh start after 5 s), reconnects after a loss at 0, 2, 5, 10 and 20 s, a notice
 * when it comes back, and updates checked against the shared schema before anyone sees them.
 */
export function createFeedConnection(o: FeedConnectionOptions) {
  const timers = o.timers ?? { set: (fn, ms) => setTimeout(fn, ms), clear: (t) => clearTimeout(t as number) };
  let socket: FeedSocket | undefined;
  let timer: unknown;
  let stopped = false;
  let everConnected = false;
  /** Failed attempts in the current phase (start or reconnect). */
  let attempt = 0;
  let phase: 'start' | 'reconnect' = 'start';

  const later = (fn: () => void, ms: number) => {
    timers.clear(timer);
    timer = timers.set(fn, ms);
  };

  /** Forgets the current socket before closing it, so its own 'disconnect' is not taken for a loss. */
  function drop() {
    const prev = socket;
    socket = undefined;
    prev?.disconnect();
  }

  function open() {
    if (stopped) return;
    drop();
    const s = o.socket();
    socket = s;
    o.onState(phase === 'start' ? 'Connecting' : 'Reconnecting');
    s.on('connect', () => {
      if (s !== socket) return;
      const back = everConnected;
      everConnected = true;
      attempt = 0;
      phase = 'reconnect';
      o.onState('Connected');
      const ids = o.watchIds?.() ?? [];
      if (ids.length > 0) s.emit(FEED_WATCH_EVENT, ids);
      if (back) o.onNotice('reconnected');
    });
    s.on('connect_error', () => {
      if (s === socket) failed();
    });
    s.on('disconnect', () => {
      if (s !== socket || stopped) return;
      // A lost connection: the reconnect schedule starts at once (its first delay is 0).
      phase = 'reconnect';
      attempt = 0;
      o.onState('Reconnecting');
      later(open, RECONNECT_DELAYS[0]);
    });
    s.on(FEED_EVENT, (payload: unknown) => {
      const update = o.payloads.update(payload);
      if (update) o.onUpdate(update);
    });
    s.on(FEED_SETTINGS_EVENT, (payload: unknown) => {
      const settings = o.payloads.settings(payload);
      if (settings) o.onSettings?.(settings);
    });
    s.on(FEED_WITHDRAWAL_EVENT, (payload: unknown) => {
      const withdrawal = o.payloads.withdrawal?.(payload);
      if (withdrawal) o.onWithdrawal?.(withdrawal);
    });
    s.connect();
  }

  function failed() {
    attempt++;
    if (phase === 'reconnect') {
      if (attempt < RECONNECT_DELAYS.length) {
        o.onState('Reconnecting');
        later(open, RECONNECT_DELAYS[attempt] as number);
        return;
      }
      // Every reconnect delay used: closed; start afresh after 5 s.
      phase = 'start';
      attempt = 0;
      o.onState('Disconnected');
      later(open, RESTART_AFTER_CLOSE_MS);
      return;
    }
    if (attempt <= START_RETRIES) {
      o.onState('Connecting');
      later(open, startRetryDelay(attempt - 1));
      return;
    }
    o.onState('Error');
    o.onNotice('gaveUp');
    attempt = 0;
    later(open, RESTART_AFTER_CLOSE_MS);
  }

  return {
    start() {
      stopped = false;
      phase = 'start';
      attempt = 0;
      open();
    },
    /** Sends the current watch list again (a guest created or forgot an exchange). */
    rewatch() {
      socket?.emit(FEED_WATCH_EVENT, o.watchIds?.() ?? []);
    },
    stop() {
      stopped = true;
      timers.clear(timer);
      drop();
      o.onState('Disconnected');
    },
  };
}

/** Which transports a socket may use; a test forces one of them (see feed-transport.ts). */
export type FeedTransport = 'polling' | 'websocket';

/**
 * The real socket: socket.io-client on the feed path, never connecting or reconnecting by itself.
 * `token` may be async (an expired access token is refreshed before the handshake); `transports`
 * limits the socket to one transport (no upgrade), else long-polling first, then WebSocket.
 */
export function socketIoFactory(
  io: (url: string, opts: Record<string, unknown>) => unknown,
  url: string,
  token: () => string | null | Promise<string | null>,
  opts: { transports?: readonly FeedTransport[] } = {},
): () => FeedSocket {
  const transports = opts.transports?.length ? [...opts.transports] : ['polling', 'websocket'];
  return () =>
    io(url, {
      path: FEED_PATH,
      autoConnect: false,
      reconnection: false,
      forceNew: true,
      transports,
      upgrade: transports.length > 1,
      auth: (cb: (data: object) => void) => {
        Promise.resolve()
          .then(token)
          .then(
            (t) => cb(t ? { token: t } : {}),
            () => cb({}),
          );
      },
    }) as FeedSocket;
}
