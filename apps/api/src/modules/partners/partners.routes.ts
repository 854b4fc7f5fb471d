import type { FastifyInstance } from 'fastify';

/** Every partner route: the partner area (/api/partner/*) and the partner API (/api/v1/*). */
export async function partnerRoutes(app: FastifyInstance) {
  void app;
}
