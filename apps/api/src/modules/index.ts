import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account.routes';
import { authRoutes } from './auth/auth.routes';
import { passwordRoutes } from './auth/password.routes';
import { contentRoutes } from './content/content.routes';
import { mailRoutes } from './mail/mail.routes';
import { systemRoutes } from './system/system.routes';

/** Registers every module's routes under the /api prefix. */
export async function registerModules(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(passwordRoutes);
  await app.register(accountRoutes);
  await app.register(mailRoutes);
  await app.register(contentRoutes);
}
