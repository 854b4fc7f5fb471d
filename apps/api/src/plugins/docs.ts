import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { docsTransform, securitySchemes } from './docs-transform';

/** OpenAPI JSON at /api/docs/json and a browsable page at /api/docs, generated from the route schemas. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      // 3.1: JSON Schema 2020-12, so a nullable field is `type: [..., 'null']`, not 3.0's `nullable`.
      openapi: '3.1.0',
      info: {
        title: 'Vaultline API',
        version: '0.1.0',
        description: 'Every response is the envelope {success, content, error}.',
      },
      // The paths carry their /api prefix.
      servers: [{ url: '/' }],
      components: { securitySchemes },
    },
    transform: docsTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
});
