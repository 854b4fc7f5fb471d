import { STATUS_CODES } from 'node:http';
import type { ErrorEnvelope, ErrorParams } from '@vaultline/shared';

export function ok<T>(content: T) {
  return { success: true as const, content, error: null };
}

export function errorEnvelope(
  status: number,
  message: string,
  code: string,
  fields?: Record<string, string>,
  params?: ErrorParams,
): ErrorEnvelope {
  return {
    success: false,
    content: null,
    error: {
      status,
      statusText: STATUS_CODES[status] ?? 'Error',
      error: message,
      code,
      ...(fields ? { fields } : {}),
      ...(params ? { params } : {}),
    },
  };
}

/**
 * The finished JSON of a hot public read, rebuilt only when its key changes (a prices or catalogue
 * version, a settings snapshot): checked against the route's contract once per rebuild, then sent
 * as is, so a request does no building, checking or serialising (docs/performance.md).
 */
export function cachedEnvelope<K, T>(
  contentSchema: { parse: (value: unknown) => T },
  build: (key: K) => Promise<unknown> | unknown,
): (key: K) => Promise<string> {
  let last: { key: K; json: string } | undefined;
  return async (key) => {
    if (last && Object.is(last.key, key)) return last.json;
    const json = JSON.stringify(ok(contentSchema.parse(await build(key))));
    last = { key, json };
    return json;
  };
}

/** Sends a string that is already a JSON envelope (the type provider cannot know it is one). */
export const JSON_TYPE = 'application/json; charset=utf-8';
