import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from '../config';
import { errorSerializer, redactUrl, requestSerializer } from './log-redaction';

/**
 * Keys whose values never reach a log line, whatever object is logged: a guard for the lines other
 * than the request line (errors, services), which carries none of them. Explicit paths only: a
 * wildcard path (`*.password`) made pino's redaction cost ~10 us on every line, ten times the line.
 * `to` and `body` at the top level stay: the development-only mail line shows them (DECISIONS §7).
 */
const REDACT_PATHS = [
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'jwToken',
  'refreshToken',
  'cardNumber',
  'creditCardNumber',
  'expiracy',
  'cvc',
  'authorization',
  'cookie',
  'email',
  'headers',
  'req.headers',
  'req.body',
  'req.query',
  'res.headers',
];

const REQUEST_LINE_KEYS = ['method', 'url', 'statusCode', 'responseTime'];

/** Whether the one request line is written at this level (info and below). */
export function requestLogEnabled(level: Config['logLevel']): boolean {
  return level === 'info' || level === 'debug' || level === 'trace';
}

/**
 * The fields of the request line, after the request id: also written by the public read cache
 * (plugins/public-cache.ts) for the answers it sends before Fastify, so both read the same.
 */
export function requestLine(method: string, url: string, statusCode: number, elapsedMs: number) {
  return {
    method,
    url: redactUrl(url),
    statusCode,
    responseTime: Math.round(elapsedMs * 10) / 10,
  };
}

/**
 * One line per request, written when the response has gone: method, path (secret query values
 * redacted), status, milliseconds, and the request id (the `reqId` binding of the request logger).
 * Replaces Fastify's two lines ("incoming request", "request completed"). Below level info (e.g.
 * LOG_LEVEL=warn) it returns at once, so the request path pays nothing.
 */
export class OneLineRequestLog extends LogController {
  readonly #enabled: boolean;

  constructor(level: Config['logLevel']) {
    super();
    this.#enabled = requestLogEnabled(level);
  }

  override incomingRequest(): void {}

  override requestCompleted(err: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (!this.#enabled) return;
    const line = requestLine(req.method, req.url, reply.statusCode, reply.elapsedTime);
    if (err) reply.log.warn({ ...line, err }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/** How a development line reads: `req-7 POST /api/Auth 200 12.3 ms`, or the message with its request id. */
export function formatLine(log: Record<string, unknown>, messageKey: string): string {
  const id = typeof log.reqId === 'string' ? `${log.reqId} ` : '';
  if (typeof log.method === 'string' && log.statusCode !== undefined) {
    return `${id}${log.method} ${String(log.url)} ${String(log.statusCode)} ${String(log.responseTime)} ms`;
  }
  return `${id}${String(log[messageKey] ?? '')}`;
}

/**
 * Where log lines go: the given stream (tests), readable lines through pino-pretty in development
 * (in this thread, synchronously, so they keep their order with the start banner), else JSON lines
 * on standard output. pino-pretty is loaded only in development.
 */
export async function logDestination(
  config: Pick<Config, 'env'>,
  stream: NodeJS.WritableStream | undefined,
): Promise<NodeJS.WritableStream | undefined> {
  if (stream || config.env !== 'development') return stream;
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'reqId', ...REQUEST_LINE_KEYS].join(','),
    messageFormat: formatLine,
  });
}

/** The Fastify logger and log-controller options every app uses. */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  stream: NodeJS.WritableStream | undefined,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      serializers: { req: requestSerializer, err: errorSerializer },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      ...(stream ? { stream } : {}),
    },
    logController: new OneLineRequestLog(config.logLevel),
  };
}
