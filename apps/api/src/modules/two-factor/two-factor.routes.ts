import {
  adminTwoFactorResetResponseSchema,
  envelopeOf,
  errorEnvelopeSchema,
  passkeyAddRequestSchema,
  passkeyAddResponseSchema,
  passkeyIdParamsSchema,
  passkeyOptionsSchema,
  recoveryCodesResponseSchema,
  securityEventsSchema,
  stepUpFieldSchema,
  totpCodeSchema,
  totpEnableRequestSchema,
  totpSetupResponseSchema,
  twoFactorStatusSchema,
} from '@vaultline/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireUser } from '../../plugins/auth-caller';

const originOf = (req: { headers: Record<string, unknown>; ip: string }) => ({
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, 300) : null,
  ip: req.ip ?? null,
});

/**
 * My account → Security: the second factors (issue 30). Adding a factor to an account that has one
 * needs a step-up (a stolen session cannot add its own); removing one always does.
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.services;
  const errors = { '4xx': errorEnvelopeSchema };
  const security = [{ bearer: [] }];
  const tags = ['account'];

  app.get('/User/2fa', {
    config: { access: 'user' },
    schema: {
      tags,
      security,
      summary: 'The second factors: authenticator app, passkeys, recovery codes left',
      response: { 200: envelopeOf(twoFactorStatusSchema), ...errors },
    },
    handler: async (req) => ok(await twoFactor.status(requireUser(req).id)),
  });

  app.post('/User/2fa/totp/setup', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      security,
      summary: 'A new authenticator secret and its otpauth:// URL (shown once; active after enable)',
      body: stepUpFieldSchema.nullish(),
      response: { 200: envelopeOf(totpSetupResponseSchema), ...errors },
    },
    handler: async (req) => ok(await twoFactor.totpSetup(requireUser(req).id)),
  });

  app.post('/User/2fa/totp/enable', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      security,
      summary: 'Turn the authenticator on with its first code; answers ten recovery codes, shown once',
      body: totpEnableRequestSchema,
      response: { 200: envelopeOf(recoveryCodesResponseSchema), ...errors },
    },
    handler: async (req) => {
      const recoveryCodes = await twoFactor.totpEnable(
        requireUser(req).id,
        req.body.code,
        originOf(req),
        req.sessionId ?? undefined,
      );
      return ok({ recoveryCodes });
    },
  });

  app.post('/User/2fa/totp/disable', {
    // The code given is the step-up itself.
    config: { access: 'user', stepUp: 'required', stepUpCodeField: 'code' },
    schema: {
      tags,
      security,
      summary: 'Turn the authenticator off: a current code, or `twoFactor` (recovery code or passkey)',
      body: z.object({ code: totpCodeSchema.optional() }),
      response: { 200: envelopeOf(z.null()), ...errors },
    },
    handler: async (req) => {
      await twoFactor.totpDisable(requireUser(req).id, originOf(req));
      return ok(null);
    },
  });

  app.post('/User/passkeys/options', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      security,
      summary: 'Options for startRegistration (a new passkey); the challenge lives 5 minutes',
      body: stepUpFieldSchema.nullish(),
      response: { 200: envelopeOf(passkeyOptionsSchema), ...errors },
    },
    handler: async (req) => ok(await twoFactor.passkeyRegistrationOptions(requireUser(req).id)),
  });

  app.post('/User/passkeys', {
    config: { access: 'user', stepUp: 'ifEnrolled' },
    schema: {
      tags,
      security,
      summary: 'Add a passkey (name and the browser’s answer); recovery codes when it is the first factor',
      body: passkeyAddRequestSchema,
      response: { 200: envelopeOf(passkeyAddResponseSchema), ...errors },
    },
    handler: async (req) =>
      ok(
        await twoFactor.passkeyAdd(requireUser(req).id, req.body, originOf(req), req.sessionId ?? undefined),
      ),
  });

  app.delete('/User/passkeys/:id', {
    config: { access: 'user', stepUp: 'required' },
    schema: {
      tags,
      security,
      summary: 'Remove a passkey (needs a second factor given in the last 10 minutes, or `twoFactor`)',
      params: passkeyIdParamsSchema,
      body: stepUpFieldSchema.nullish(),
      response: { 200: envelopeOf(z.null()), ...errors },
    },
    handler: async (req) => {
      await twoFactor.passkeyDelete(requireUser(req).id, req.params.id, originOf(req));
      return ok(null);
    },
  });

  app.post('/User/2fa/passkey/options', {
    config: { access: 'user' },
    schema: {
      tags,
      security,
      summary: 'Options for startAuthentication, for a step-up with a passkey (`twoFactor.passkey`)',
      response: { 200: envelopeOf(passkeyOptionsSchema), ...errors },
    },
    handler: async (req) => ok(await twoFactor.stepUpOptions(requireUser(req).id)),
  });

  app.get('/User/security-events', {
    config: { access: 'user' },
    schema: {
      tags,
      security,
      summary: 'The security history: factors added and removed, recovery codes used, new sign-ins',
      response: { 200: envelopeOf(securityEventsSchema), ...errors },
    },
    handler: async (req) => ok({ events: await twoFactor.events.list(requireUser(req).id) }),
  });
}

/** The back office: reset the factors of a user who lost them all (step-up, audited). */
export async function adminTwoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.services;
  app.post('/Admin/users/:id/2fa/reset', {
    config: { access: 'admin', stepUp: 'required' },
    schema: {
      tags: ['admin'],
      security: [{ bearer: [] }],
      summary:
        'Remove every second factor of a user who lost them (e-mailed; sessions end; withdrawals locked for WITHDRAWAL_LOCK_HOURS); audited',
      params: z.object({ id: z.uuid({ message: 'Invalid id' }) }),
      body: stepUpFieldSchema.nullish(),
      response: { 200: envelopeOf(adminTwoFactorResetResponseSchema), '4xx': errorEnvelopeSchema },
    },
    handler: async (req) => {
      const until = await twoFactor.adminReset(requireUser(req).id, req.params.id);
      return ok({ withdrawalsLockedUntil: until?.toISOString() ?? null });
    },
  });
}
