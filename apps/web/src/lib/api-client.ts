import type { ApiError, AuthResponse, ErrorParams } from '@vaultline/shared';
import { apiErrorText } from './api-errors';
import { session } from './session';
import { stepUpHandler, TWO_FACTOR_NEEDED, TWO_FACTOR_REQUIRED, twoFactorRequired } from './step-up';
import { readStorage, STORAGE_KEYS } from './storage';

/**
 * A failed call: the envelope's error, plus the HTTP failure text of spec-1 §8. `message` is the
 * error in the UI language (translated from its code); `serverMessage` the server's own English.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly params: ErrorParams | undefined;
  readonly serverMessage: string;
  /** "Http failure response for {url}: {status} {statusText}" */
  readonly httpMessage: string;

  constructor(url: string, error: ApiError) {
    super(apiErrorText(error));
    this.name = 'ApiRequestError';
    this.serverMessage = error.error;
    this.params = error.params;
    this.status = error.status;
    this.statusText = error.statusText;
    this.code = error.code;
    this.fields = error.fields;
    this.httpMessage = `Http failure response for ${url}: ${error.status} ${error.statusText}`;
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  /** Do not try a token refresh on 401 (used by the refresh call itself). */
  noRefresh?: boolean;
  /** Do not ask for a second factor on 401 TWO_FACTOR_NEEDED (the step-up's own attempt). */
  noStepUp?: boolean;
}

const API_BASE = '/api/';
const SAFE = new Set(['GET', 'HEAD']);

function readCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp(`(?:^|; )${name.replace(/[-.]/g, '\\$&')}=([^;]*)`));
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

/** The server issues XSRF-TOKEN on any response; make sure we hold one before a state change. */
async function xsrfToken(): Promise<string | null> {
  let token = readCookie('XSRF-TOKEN');
  if (!token) {
    await fetch(`${API_BASE}ping`, { credentials: 'same-origin' });
    token = readCookie('XSRF-TOKEN');
  }
  return token;
}

/** Paths as the specs write them ("Wallets/list"); a leading slash replaces the api segment. */
function buildUrl(path: string, query?: RequestOptions['query']): string {
  const base = path.startsWith('/') ? path : `${API_BASE}${path}`;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

let refreshing: Promise<boolean> | null = null;

/** Exchanges the httpOnly refresh cookie for a new access token; one attempt at a time. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= request<AuthResponse>('POST', 'Auth/refresh', { noRefresh: true })
    .then((r) => {
      session.setToken(r.jwToken);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, opts.query);
  const headers: Record<string, string> = { accept: 'application/json' };
  const { token } = session.get();
  if (token) headers.authorization = `Bearer ${token}`;
  else headers['x-currency'] = readStorage(STORAGE_KEYS.currency) ?? 'USD';
  if (!SAFE.has(method)) {
    const xsrf = await xsrfToken();
    if (xsrf) headers['x-xsrf-token'] = xsrf;
  }
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiRequestError(url, {
      status: 0,
      statusText: 'Unknown Error',
      error: 'The server could not be reached. Check your connection.',
      code: 'NETWORK',
    });
  }
  const json = (await res.json().catch(() => null)) as {
    success?: boolean;
    content?: T;
    error?: ApiError;
  } | null;
  if (res.ok && json?.success) return json.content as T;

  const error: ApiError = json?.error ?? {
    status: res.status,
    statusText: res.statusText,
    error: res.statusText || 'Request failed',
    code: 'HTTP',
  };
  if (error.code === TWO_FACTOR_NEEDED) return stepUp<T>(method, path, opts, new ApiRequestError(url, error));
  if (error.code === TWO_FACTOR_REQUIRED) {
    twoFactorRequired.set({ message: apiErrorText(error), action: !SAFE.has(method) });
  }
  if (
    res.status === 401 &&
    token &&
    !opts.noRefresh &&
    error.code !== 'INVALID_CREDENTIALS' &&
    error.code !== TWO_FACTOR_NEEDED
  ) {
    if (await refreshSession()) return request<T>(method, path, { ...opts, noRefresh: true });
    session.clear();
  }
  throw new ApiRequestError(url, error);
}

/**
 * 401 TWO_FACTOR_NEEDED: the registered dialog asks for a factor and sends the request again with it
 * in `twoFactor`, as often as the user tries; giving up (or no dialog) rejects with the first error.
 */
async function stepUp<T>(
  method: string,
  path: string,
  opts: RequestOptions,
  first: ApiRequestError,
): Promise<T> {
  if (opts.noStepUp) throw first;
  const ask = await stepUpHandler();
  if (!ask) throw first;
  let result: { value: T } | null = null;
  const base = opts.body && typeof opts.body === 'object' && !Array.isArray(opts.body) ? opts.body : {};
  const done = await ask({
    message: first.message,
    attempt: async (twoFactor) => {
      const value = await request<T>(method, path, {
        ...opts,
        body: { ...base, twoFactor },
        noStepUp: true,
      });
      result = { value };
    },
  });
  if (!done || !result) throw first;
  return (result as { value: T }).value;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};
