import type { FastifyInstance } from 'fastify';
import { systemRoutes } from './system/system.routes';

/** Registers every module's routes under the /api prefix. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
}
