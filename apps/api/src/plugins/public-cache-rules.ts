import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { XSRF_COOKIE } from './xsrf';

/** What a route declares to opt in to the public read cache (route config `publicCache`). */
export interface PublicCacheRoute {
  /**
   * What the answer depends on (a prices or catalogue version, a settings snapshot...), read
   * before and after Fastify builds an answer and again for every request the cache takes: an
   * answer is kept only when both reads agree, and sent again only while the value is the same
   * (Object.is). It must be cheap and synchronous. `undefined` means the data may have moved
   * without the version saying so yet (e.g. a list past its time): nothing is kept or sent.
   */
  version: () => unknown;
  /**
   * Request headers that change the answer (e.g. `x-currency`): a request carrying one of them is
   * always answered by Fastify. Lower case.
   */
  varyHeaders?: readonly string[];
  /**
   * The answer also goes out of date with time (e.g. the prices it quotes go stale): the handler
   * calls publicCacheUntil(req, ms), or the answer is not kept.
   */
  expires?: boolean;
}

/** A request whose answer may be kept: its route, the version it started at, until when it holds. */
export interface Capture {
  route: PublicCacheRoute;
  /** The route's URL template (`/api/Wallets/wallet/:id`): the metrics' route label. */
  template: string;
  version: unknown;
  /** NaN: an `expires` route whose handler has not said until when yet. */
  until: number;
}

/** Requests being answered by Fastify whose answer may be kept, by their Node request. */
export const captureStore = new WeakMap<IncomingMessage, Capture>();

/**
 * Whether the cache may answer a request with these headers (method and URL are checked apart):
 * a guest (no Authorization: a signed-in caller may get their own amounts), no body, the XSRF
 * cookie already set (else Fastify's answer issues one), none of the route's varying headers.
 */
export function canTake(headers: IncomingHttpHeaders, route: PublicCacheRoute): boolean {
  if (
    headers.authorization !== undefined ||
    headers['content-length'] !== undefined ||
    headers['transfer-encoding'] !== undefined ||
    !hasXsrfCookie(headers.cookie)
  )
    return false;
  const vary = route.varyHeaders;
  if (vary) for (const name of vary) if (headers[name] !== undefined) return false;
  return true;
}

const NAME = `${XSRF_COOKIE}=`;

/**
 * True only when @fastify/cookie surely finds a non-empty XSRF-TOKEN (cookie's parse: pairs split
 * at `;`, names and values trimmed of spaces and tabs, the first pair of a name wins). Anything
 * unusual (the name twice, spaces around `=`, an empty value) answers false: Fastify decides.
 */
export function hasXsrfCookie(header: string | undefined): boolean {
  if (header === undefined) return false;
  const at = header.indexOf(NAME);
  if (at < 0 || header.indexOf(NAME, at + NAME.length) >= 0) return false;
  // The name must start a pair: at the start, or after `;` and optional spaces or tabs.
  let i = at - 1;
  while (i >= 0 && (header.charCodeAt(i) === 32 || header.charCodeAt(i) === 9)) i--;
  if (i >= 0 && header.charCodeAt(i) !== 59) return false;
  // A value with at least one character other than a space or a tab before the next `;`.
  for (let j = at + NAME.length; j < header.length; j++) {
    const c = header.charCodeAt(j);
    if (c === 59) return false;
    if (c !== 32 && c !== 9) return true;
  }
  return false;
}
