import {
  authResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  loginRequestSchema,
  loginResponseSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginRequestSchema,
  signupRequestSchema,
  twoFactorLoginRequestSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { attemptRateLimit, guestRateLimit } from '../../lib/rate-limit';
import { clearRefreshCookie, originOf, readRefreshCookie, setRefreshCookie } from './http';
import { createLoginThrottle } from './login-throttle';

/** The spec sends {Email, Password}; the contract says {email, password}. Both reach one schema. */
const LOGIN_KEY_ALIASES = [
  ['Email', 'email'],
  ['Password', 'password'],
] as const;

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.services;
  const { config } = app;
  const rateLimit = attemptRateLimit(config);
  // Per account on top of the route's per-address limit (decision 0044).
  const throttle = createLoginThrottle(app, config);
  const tokenResponse = { 200: envelopeOf(authResponseSchema), '4xx': errorEnvelopeSchema };

  app.post('/Auth', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary:
        'Log in with e-mail and password (Email/Password also accepted); sets the refresh cookie. An account with a second factor gets { twoFactorRequired, challengeId, methods } instead (then POST Auth/2fa)',
      body: loginRequestSchema,
      response: { 200: envelopeOf(loginResponseSchema), '4xx': errorEnvelopeSchema },
    },
    preValidation: async (req) => {
      const body = req.body as Record<string, unknown> | null;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return;
      for (const [from, to] of LOGIN_KEY_ALIASES) {
        if (body[to] === undefined && body[from] !== undefined) body[to] = body[from];
        delete body[from];
      }
    },
    handler: async (req, reply) => {
      const failed = await throttle.check(req, reply, req.body.email);
      let session: Awaited<ReturnType<typeof auth.login>>;
      try {
        session = await auth.login(req.body, originOf(req));
      } catch (err) {
        if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await failed();
        throw err;
      }
      throttle.remember(req, reply, req.body.email);
      if ('twoFactorRequired' in session) return ok(session);
      setRefreshCookie(reply, session, config);
      return ok({ jwToken: session.jwToken });
    },
  });

  app.post('/Auth/2fa', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary:
        "The sign-in's second step: the challenge answered with an authenticator code, a recovery code or a passkey; sets the refresh cookie",
      body: twoFactorLoginRequestSchema,
      response: tokenResponse,
    },
    handler: async (req, reply) => {
      const session = await auth.loginSecondFactor(req.body, originOf(req));
      setRefreshCookie(reply, session, config);
      return ok({ jwToken: session.jwToken });
    },
  });

  app.post('/Auth/passkey/options', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'A challenge for signing in with a passkey and no password (lives 5 minutes)',
      response: { 200: envelopeOf(passkeyLoginOptionsSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async () => ok(await auth.passkeyOptions()),
  });

  app.post('/Auth/passkey', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: "Sign in with a passkey's answer to the challenge; sets the refresh cookie",
      body: passkeyLoginRequestSchema,
      response: tokenResponse,
    },
    handler: async (req, reply) => {
      const session = await auth.loginPasskey(req.body, originOf(req));
      setRefreshCookie(reply, session, config);
      return ok({ jwToken: session.jwToken });
    },
  });

  app.post('/Auth/signup', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'Create an account (at least 18 years old) and log in; sets the refresh cookie',
      body: signupRequestSchema,
      response: tokenResponse,
    },
    handler: async (req, reply) => {
      const session = await auth.signup(req.body, originOf(req));
      setRefreshCookie(reply, session, config);
      return ok({ jwToken: session.jwToken });
    },
  });

  app.post('/Auth/refresh', {
    config: { access: 'public', ownCredential: 'refresh-cookie', rateLimit },
    schema: {
      tags: ['auth'],
      summary: 'New access token from the httpOnly refresh cookie, which is rotated',
      response: tokenResponse,
    },
    handler: async (req, reply) => {
      try {
        const session = await auth.refresh(readRefreshCookie(req));
        setRefreshCookie(reply, session, config);
        return ok({ jwToken: session.jwToken });
      } catch (err) {
        // A refused cookie is dead for good: drop it so the browser stops sending it.
        if (err instanceof AppError) clearRefreshCookie(reply, config);
        throw err;
      }
    },
  });

  app.post('/Auth/logout', {
    config: { access: 'public', rateLimit: guestRateLimit(config) },
    schema: {
      tags: ['auth'],
      summary: 'Revoke the refresh cookie and clear it; works signed in or not',
      response: { 200: envelopeOf(z.null()), '4xx': errorEnvelopeSchema },
    },
    handler: async (req, reply) => {
      await auth.logout(readRefreshCookie(req));
      clearRefreshCookie(reply, config);
      return ok(null);
    },
  });
}
