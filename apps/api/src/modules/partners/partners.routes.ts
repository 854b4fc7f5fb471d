import type { FastifyInstance } from 'fastify';
import { apiKeyRoutes } from './api-key.routes';
import { partnerEarningsRoutes } from './earnings/earnings.routes';
import { partnerAreaRoutes } from './partner-area.routes';
import { partnerAreaGuard } from './require-partner';
import { v1Routes } from './v1/v1.routes';
import { partnerWebhookRoutes } from './webhooks/webhooks.routes';
import { widgetRoutes } from './widget.routes';

/** Every partner route: the partner area (/api/partner/*) and the partner API (/api/v1/*). */
export async function partnerRoutes(app: FastifyInstance) {
  // Every /api/partner/* route is for partners only, refused before its input is read.
  app.addHook('onRequest', partnerAreaGuard);
  await app.register(partnerAreaRoutes);
  await app.register(partnerEarningsRoutes);
  await app.register(apiKeyRoutes);
  await app.register(v1Routes);
  await app.register(partnerWebhookRoutes);
  await app.register(widgetRoutes);
}
