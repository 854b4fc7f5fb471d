import {
  authResponseSchema,
  changePasswordRequestSchema,
  envelopeOf,
  errorEnvelopeSchema,
  resetPasswordRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { attemptRateLimit } from '../../lib/rate-limit';
import { setRefreshCookie } from './http';

/** User/resetPassword and User/changePassword: credential calls, so they live with auth. */
export async function passwordRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const { config } = app;
  const rateLimit = attemptRateLimit(config);

  app.post('/User/resetPassword', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'E-mail a single-use reset link; the answer is the same whether the address is known or not',
      body: resetPasswordRequestSchema,
      response: { 200: envelopeOf(z.null()), '4xx': errorEnvelopeSchema },
    },
    handler: async (req) => {
      // Answered at once; the link is made and mailed after (auth.service.ts).
      auth.requestPasswordReset(req.body.email);
      return ok(null);
    },
  });

  app.post('/User/changePassword', {
    config: { access: 'public', rateLimit, stepUp: 'ifEnrolled' },
    schema: {
      tags: ['auth'],
      summary:
        'Change the password with the e-mailed token (content null) or signed in with the current password ' +
        '(content a new jwToken, refresh cookie set). Every earlier session is revoked.',
      body: changePasswordRequestSchema,
      response: { 200: envelopeOf(authResponseSchema.nullable()), '4xx': errorEnvelopeSchema },
    },
    handler: async (req, reply) => {
      const session = await auth.changePassword(req.body, req.auth);
      if (!session) return ok(null);
      setRefreshCookie(reply, session, config);
      return ok({ jwToken: session.jwToken });
    },
  });
}
