import type { FastifyRequest } from 'fastify';

/** Query parameters whose values must never reach a log line (reset tokens, e-mail addresses). */
const SECRET_PARAMS = new Set(['token', 'email', 'to', 'password', 'code']);

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
