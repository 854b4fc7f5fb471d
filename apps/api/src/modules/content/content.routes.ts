import {
  contactInfoSchema,
  contactMessagesPageSchema,
  contactMessagesQuerySchema,
  contactRequestSchema,
  contactResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  newsletterRequestSchema,
  newsletterResponseSchema,
} from '@vaultline/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { attemptRateLimit } from '../../lib/rate-limit';

const errors = { '4xx': errorEnvelopeSchema };

export async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { content } = app.services;

  app.post('/newsletter', {
    config: { access: 'public', rateLimit: attemptRateLimit(app.config) },
    schema: {
      tags: ['content'],
      summary: 'Sign an e-mail address up for the newsletter (idempotent)',
      body: newsletterRequestSchema,
      response: { 200: envelopeOf(newsletterResponseSchema), ...errors },
    },
    handler: async (req) => ok(await content.subscribeNewsletter(req.body.email, req.body.language)),
  });

  app.get('/Contact', {
    config: { access: 'public' },
    schema: {
      tags: ['content'],
      summary: "The contact page's e-mail address (CONTACT_EMAIL; null when none is set)",
      response: { 200: envelopeOf(contactInfoSchema), ...errors },
    },
    handler: async (_req, reply) => {
      // Configuration only changes with a restart; an hour in the browser's cache is plenty.
      reply.header('cache-control', 'public, max-age=3600');
      return ok(content.contactInfo());
    },
  });

  app.post('/Contact', {
    config: {
      access: 'public',
      rateLimit: {
        ...attemptRateLimit(app.config),
        // After the auth check (a preHandler), so a signed-in sender is counted by account and a
        // visitor by address: people behind one shared address do not block each other's accounts.
        hook: 'preHandler',
        keyGenerator: (req: FastifyRequest) => (req.auth ? `user:${req.auth.id}` : `ip:${req.ip}`),
      },
    },
    schema: {
      tags: ['content'],
      summary: 'Send a message from the contact page (stored for the admins; rate limited)',
      body: contactRequestSchema,
      response: { 200: envelopeOf(contactResponseSchema), ...errors },
    },
    handler: async (req) => ok(await content.sendContactMessage(req.body, req.auth?.id ?? null)),
  });

  app.get('/Admin/contactMessages', {
    config: { access: 'admin' },
    schema: {
      tags: ['admin'],
      summary: 'Messages sent from the contact page, newest first, one page at a time',
      querystring: contactMessagesQuerySchema,
      response: { 200: envelopeOf(contactMessagesPageSchema), ...errors },
    },
    handler: async (req) => ok(await content.contactMessages(req.query)),
  });
}
