import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../lib/envelope';
import { AppError } from '../lib/errors';

/**
 * Fastify's own 4xx errors carry internal codes (FST_ERR_...); the client gets one of the stable
 * codes of the shared registry instead, chosen by the Fastify code, else by the status.
 */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};
const BY_STATUS: Record<number, string> = {
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function frameworkErrorCode(err: { code?: string }, status: number): string {
  return FASTIFY_CODES[err.code ?? ''] ?? BY_STATUS[status] ?? 'BAD_REQUEST';
}

/** The one place that turns a thrown error into the response envelope; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send(errorEnvelope(err.status, err.message, err.code, err.fields, err.params));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const where =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request';
        fields[where] ??= v.message ?? 'Invalid value';
      }
      const first = Object.entries(fields)[0];
      const message = first
        ? `Invalid ${err.validationContext ?? 'request'}: ${first[0]}: ${first[1]}`
        : 'Invalid request';
      return reply.status(400).send(errorEnvelope(400, message, 'VALIDATION', fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send(errorEnvelope(500, 'Internal server error', 'INTERNAL'));
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorEnvelope(500, 'Internal server error', 'INTERNAL'));
    }
    // Fastify's own 4xx: malformed JSON, wrong content type, body too large...
    return reply.status(status).send(errorEnvelope(status, err.message, frameworkErrorCode(err, status)));
  });
});
