import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { errorEnvelope } from '../lib/envelope';
import { AppError } from '../lib/errors';

/** The largest JSON body a call may send (the largest real one, a contact message, is ~5 KB). */
export const BODY_LIMIT = 64 * 1024;
/** The longest request target (path and query); the longest real one is a few hundred characters. */
export const MAX_URL_LENGTH = 4096;
/** The longest path parameter (ids are 36 characters, tickers fewer). */
export const MAX_PARAM_LENGTH = 100;
/** The request line and all headers together (Node's default, stated here so it is a decision). */
export const MAX_HEADER_SIZE = 16 * 1024;

/**
 * The HTTP server's limits and timeouts (Fastify factory options), so a slow or oversized client
 * cannot hold the server: headers must arrive within `headersTimeout`, the whole request within
 * `requestTimeout`, an idle socket is closed after `idleTimeout`; Node checks those deadlines every
 * second (its default, 30 s, would let a slowloris client hold a socket up to 30 s longer).
 */
export function httpServerOptions(config: Pick<Config, 'http'>): FastifyHttpOptions<Server> {
  const { headersTimeoutMs, requestTimeoutMs, idleTimeoutMs, keepAliveTimeoutMs } = config.http;
  return {
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout: requestTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    // Longer than the idle timeout of a proxy in front (nginx keeps upstream connections 60 s), so
    // the proxy never reuses a connection this server is closing.
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      maxHeaderSize: MAX_HEADER_SIZE,
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

/** What Node refuses before Fastify sees a request (headers too large, too slow, unparsable). */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const envelope =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? errorEnvelope(431, 'The request headers are too large.', 'HEADERS_TOO_LARGE')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? errorEnvelope(408, 'The request took too long to arrive.', 'REQUEST_TIMEOUT')
        : errorEnvelope(400, 'The request could not be read.', 'BAD_REQUEST');
  if (socket.writable) {
    const { status } = envelope.error;
    const body = JSON.stringify(envelope);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** The router's own refusals (a param too long, a malformed percent escape) in the error envelope. */
function frameworkErrors(err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply
      .status(414)
      .send(errorEnvelope(414, 'The address of this request is too long.', 'URI_TOO_LONG'));
  if (err.code === 'FST_ERR_BAD_URL')
    return reply
      .status(400)
      .send(errorEnvelope(400, 'The address of this request is not valid.', 'MALFORMED_URL'));
  return reply.status(400).send(errorEnvelope(400, 'The request could not be read.', 'BAD_REQUEST'));
}

/** How often a closing server closes the connections that have fallen idle since the close began. */
export const CLOSING_IDLE_CHECK_MS = 100;

/**
 * Refuses a request target longer than MAX_URL_LENGTH before any other work (414). While the app
 * closes, closes every connection as soon as it falls idle: Node and Fastify close the idle ones
 * once, when the close begins, and a kept-alive connection whose answer was still on its way then
 * stayed open for the keep-alive timeout (72 s), holding the close (and a SIGTERM) up that long.
 */
export const httpLimitsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.url.length > MAX_URL_LENGTH)
      return done(new AppError(414, 'URI_TOO_LONG', 'The address of this request is too long.'));
    done();
  });
  let closing: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = setInterval(() => app.server.closeIdleConnections(), CLOSING_IDLE_CHECK_MS);
    closing.unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    clearInterval(closing);
    done();
  });
});
