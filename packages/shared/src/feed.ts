// The schemas are in feed-schemas.ts: a page that only needs these names (the web app's feed client)
// does not load zod for them (sideEffects: false lets the bundler drop a module nobody uses).

/** DECISIONS §6: the Socket.IO path, the pushed event and the client's watch message. */
export const FEED_PATH = '/feed/anonymousexchange';
export const FEED_EVENT = 'anonymousexchangedata';
export const FEED_WATCH_EVENT = 'watch';
/** How many exchange ids one connection may watch at once (a guest's browser holds its own few). */
export const FEED_WATCH_MAX = 50;

/** The one event every connection gets: the public settings (feedSettingsSchema, decision 0019). */
export const FEED_SETTINGS_EVENT = 'settingsdata';

/** Acknowledgement of a `watch` message. */
export type FeedWatchAck = { ok: true; watching: number } | { ok: false; error: string };
