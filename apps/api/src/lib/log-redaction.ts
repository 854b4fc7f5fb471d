import type { FastifyRequest } from 'fastify';

/** Query parameters whose values must never reach a log line (reset tokens, e-mail addresses). */
const SECRET_PARAMS = new Set(['token', 'email', 'to', 'password', 'code', 'access_token', 'refresh_token']);

/** The URL with the values of secret query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}` : url;
}

/** What a request log line shows: no headers (they carry tokens and cookies), no secret query values. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    remoteAddress: req.ip,
  };
}

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * An error as a log line shows it: type, message, stack, code, cause. Not its other properties:
 * a failed drizzle query carries its parameters (e-mails, token hashes) in `params` and in its
 * message (`Failed query: ...\nparams: ...`), and a PostgreSQL error its row values in `detail`.
 * A cause that is not an Error is left out for the same reason.
 */
export function errorSerializer(err: Error): LoggedError {
  // Something thrown that is not an Error (a string, an object) is logged as it is.
  if (!(err instanceof Error)) return err;
  const query = (err as { query?: unknown }).query;
  const hasParams = typeof query === 'string' && 'params' in err;
  const message = hasParams ? `Failed query: ${query}\nparams: [redacted]` : err.message;
  const out: LoggedError = {
    type: err.constructor?.name || err.name,
    message,
    stack: (hasParams ? err.stack?.replace(err.message, message) : err.stack) ?? '',
  };
  const code = (err as { code?: unknown }).code;
  if (code !== undefined) out.code = code;
  if (err.cause instanceof Error) out.cause = errorSerializer(err.cause);
  return out;
}
