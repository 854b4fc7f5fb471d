// Step-up (issue 30, decision 0054): a route that needs a second factor given recently, or with
// the request itself. The auth plugin runs these at preValidation and preHandler.
import { type TwoFactorProof, totpCodeSchema, twoFactorProofSchema } from '@vaultline/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized } from '../lib/errors';
import { requireUser } from './auth-caller';

/** Checks second factors for step-up routes (two-factor module). */
export interface StepUpVerifier {
  hasFactor(userId: string): Promise<boolean>;
  recentlyGiven(userId: string, sid: string | undefined): Promise<boolean>;
  /** Verifies a factor given with the request (wrong ones count) and records it for the session. */
  verify(
    userId: string,
    sid: string | undefined,
    proof: TwoFactorProof,
    origin: { userAgent: string | null; ip: string | null },
  ): Promise<void>;
}

/**
 * 'required': the action needs a second factor given in the last STEP_UP_MINUTES (403
 * TWO_FACTOR_REQUIRED for an account without one); 'ifEnrolled': the same for an account that has
 * one, nothing for an account without; 'always': a factor given with this very request (money out,
 * decision 0054): the session's recent step-up does not count.
 */
export type StepUp = 'required' | 'ifEnrolled' | 'always';

export const twoFactorRequired = () =>
  forbidden(
    'This action needs a second factor. Set up a passkey or an authenticator app in My account → Security.',
    'TWO_FACTOR_REQUIRED',
  );
export const twoFactorNeeded = () =>
  unauthorized('Confirm with your second factor to continue.', 'TWO_FACTOR_NEEDED');

/**
 * Takes the `twoFactor` field out of the body (400 when it is not a valid proof) into
 * req.twoFactorProof; without one, a route's stepUpCodeField holding an authenticator code is the proof.
 */
export function takeStepUpProof(req: FastifyRequest): void {
  const body = req.body as Record<string, unknown> | null | undefined;
  if (body && typeof body === 'object' && !Array.isArray(body) && body.twoFactor !== undefined) {
    const parsed = twoFactorProofSchema.safeParse(body.twoFactor);
    delete body.twoFactor;
    if (!parsed.success)
      throw new AppError(400, 'VALIDATION', parsed.error.issues[0]?.message ?? 'Invalid second factor', {
        twoFactor: parsed.error.issues[0]?.message ?? 'Invalid second factor',
      });
    req.twoFactorProof = parsed.data;
  }
  const field = req.routeOptions.config.stepUpCodeField;
  if (!req.twoFactorProof && field && body && typeof body === 'object') {
    const code = totpCodeSchema.safeParse((body as Record<string, unknown>)[field]);
    if (code.success) req.twoFactorProof = { code: code.data };
  }
}

/**
 * Step-up, before the input is read: 403 for an account without a factor ('required', 'always'),
 * 401 for one whose session gave none recently ('always': whatever the session gave) and whose
 * request carries none. A proof is left for later.
 */
export async function stepUpBeforeInput(verifier: StepUpVerifier, req: FastifyRequest, mode: StepUp) {
  const user = requireUser(req);
  if (!(await verifier.hasFactor(user.id))) {
    if (mode === 'required' || mode === 'always') throw twoFactorRequired();
    req.twoFactorProof = null;
    return;
  }
  if (req.twoFactorProof) return;
  if (mode === 'always') throw twoFactorNeeded();
  if (!(await verifier.recentlyGiven(user.id, req.sessionId ?? undefined))) throw twoFactorNeeded();
}

/** Step-up with the factor given in the request: verified (wrong ones count), then noted for the session. */
export async function stepUpWithProof(verifier: StepUpVerifier, req: FastifyRequest) {
  const user = requireUser(req);
  if (!req.twoFactorProof) return;
  const origin = { userAgent: req.headers['user-agent']?.slice(0, 300) ?? null, ip: req.ip ?? null };
  await verifier.verify(user.id, req.sessionId ?? undefined, req.twoFactorProof, origin);
}
