import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorEnvelope } from '../lib/envelope';

/** Vite names every file under assets/ after its content: a new build means new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the translations change with each release under the same name: always revalidate (ETag). */
export const REVALIDATE = 'no-cache';
/** The favicon and the asset icons: rarely changed, kept an hour. */
export const SHORT = 'public, max-age=3600';

/** The Cache-Control of a file of the built app, by its path relative to the app's root. */
export function cacheControlFor(relative: string): string {
  const p = relative.split(path.sep).join('/');
  if (p.startsWith('assets/')) return IMMUTABLE;
  if (p === 'index.html' || p.startsWith('index.html.') || p.startsWith('i18n/')) return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built single-page app for every path outside /api and /feed (index.html as fallback).
 * The build writes .br and .gz beside each text file (apps/web/vite.config.ts): they are sent to
 * browsers that accept them (`preCompressed`, with `Vary: accept-encoding`), so nothing is
 * compressed per request. Hashed assets are cached for a year; the rest as cacheControlFor says.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string | undefined }) => {
  const root = opts.webDist ? path.resolve(opts.webDist) : undefined;
  const hasWeb = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, file)));
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api') || url.startsWith('/feed');
    // A missing hashed file (an old page after a release) is a 404, not the app's HTML as script.
    const isAsset = url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(errorEnvelope(404, `No route for ${req.method} ${url}`, 'ROUTE_NOT_FOUND'));
  });
});
