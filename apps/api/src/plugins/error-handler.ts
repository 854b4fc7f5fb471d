import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../lib/envelope';
import { AppError } from '../lib/errors';

/** The one place that turns a thrown error into the response envelope; 5xx details stay in the log. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send(errorEnvelope(err.status, err.message, err.code, err.fields));
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
    // Fastify's own 4xx: malformed JSON, wrong content type, body too large, rate limit...
    const code =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'MALFORMED_JSON'
        : (err.code ?? 'BAD_REQUEST');
    return reply.status(status).send(errorEnvelope(status, err.message, code));
  });
});
