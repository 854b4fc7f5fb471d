import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorEnvelope } from '../lib/envelope';

/** Serves the built single-page app for every path outside /api and /feed (index.html as fallback). */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
  const root = opts.webDist ? path.resolve(opts.webDist) : undefined;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api') || url.startsWith('/feed');
    if (!isApi && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(errorEnvelope(404, `No route for ${req.method} ${url}`, 'ROUTE_NOT_FOUND'));
  });
});
