import type { FeedTransport } from './feed-connection';

/** Query parameter or localStorage key that pins the feed to one transport (browser tests run both). */
export const FEED_TRANSPORT_KEY = 'feedTransport';

const isTransport = (v: string | null): v is FeedTransport => v === 'polling' || v === 'websocket';

/**
 * `?feedTransport=polling|websocket` on the page's URL, else the same key in localStorage, else
 * none (Socket.IO's default: long-polling first, upgraded to WebSocket when it can).
 */
export function forcedTransport(
  search: string = typeof location === 'undefined' ? '' : location.search,
): FeedTransport | null {
  const fromQuery = new URLSearchParams(search).get(FEED_TRANSPORT_KEY);
  if (isTransport(fromQuery)) return fromQuery;
  try {
    const stored = localStorage.getItem(FEED_TRANSPORT_KEY);
    return isTransport(stored) ? stored : null;
  } catch {
    return null;
  }
}
