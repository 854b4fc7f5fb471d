// Checking a second factor (a code, a recovery code, a passkey's answer) and counting wrong answers:
// what sign-in, step-up and the factor settings all stand on.
import type { PasskeyAuthenticationResponse, TwoFactorProof } from '@vaultline/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { findLiveWebauthnChallenge, useChallenge } from './challenges.repository';
import { hashRecoveryCode, type SecretBox } from './secrets';
import type { RequestOrigin, SecurityEvents } from './security-events';
import { totpStep } from './totp';
import * as repo from './two-factor.repository';
import { type RelyingParty, verifyAuthentication } from './webauthn';

/** Wrong answers while signed in or signing in, per user: this many in FAILURE_WINDOW locks a while. */
const FAILURE_MAX = 10;
const FAILURE_WINDOW_MS = 60 * 60 * 1000;

export const invalidFactor = () =>
  badRequest('This code or passkey is not valid, or was already used', 'TWO_FACTOR_INVALID');

/** The challenge a passkey answered (base64url), read from its client data; null when unreadable. */
export function answeredChallenge(
  response: PasskeyAuthenticationResponse | { response: { clientDataJSON: string } },
) {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'));
    return typeof data?.challenge === 'string' ? (data.challenge as string) : null;
  } catch {
    return null;
  }
}

export interface FactorCheckDeps {
  db: Db;
  box: SecretBox;
  rp: RelyingParty;
  events: SecurityEvents;
}

export function createFactorChecks({ db, box, rp, events }: FactorCheckDeps) {
  const locked = (windowStart: Date) => {
    const seconds = Math.max(1, Math.ceil((windowStart.getTime() + FAILURE_WINDOW_MS - Date.now()) / 1000));
    return new AppError(
      429,
      'TWO_FACTOR_LOCKED',
      `Too many wrong codes. Try again in ${seconds} seconds.`,
      undefined,
      {
        seconds,
      },
    );
  };

  async function assertNotLocked(userId: string): Promise<void> {
    const f = await repo.findFailures(db, userId);
    if (!f || f.count < FAILURE_MAX) return;
    if (f.windowStart.getTime() + FAILURE_WINDOW_MS <= Date.now()) return;
    throw locked(f.windowStart);
  }

  async function failed(userId: string): Promise<never> {
    const now = new Date();
    await repo.addFailure(db, userId, now, new Date(now.getTime() - FAILURE_WINDOW_MS));
    throw invalidFactor();
  }

  /**
   * Counts the answer as a wrong one before it is checked (one statement), so that answers sent at
   * once cannot pass FAILURE_MAX; a right answer clears the count.
   */
  async function takeTry(userId: string): Promise<void> {
    const now = new Date();
    const f = await repo.addFailure(db, userId, now, new Date(now.getTime() - FAILURE_WINDOW_MS));
    if (f.count > FAILURE_MAX) throw locked(f.windowStart);
  }

  async function checkTotp(userId: string, code: string): Promise<boolean> {
    const row = await repo.findTotp(db, userId);
    if (!row?.secret || !row.enabledAt) return false;
    const step = totpStep(box.open(row.secret, userId), code);
    return step !== null && (await repo.takeTotpStep(db, userId, step));
  }

  /** Checks a passkey answer against a live challenge of the kind; the passkey must be the user's. */
  async function checkPasskey(
    userId: string | null,
    response: PasskeyAuthenticationResponse,
    challenge: { id: string; webauthnChallenge: string | null },
    requireUserVerification: boolean,
  ): Promise<string | undefined> {
    const passkey = await repo.findPasskeyByCredential(db, response.id);
    if (!passkey || (userId !== null && passkey.userId !== userId) || !challenge.webauthnChallenge)
      return undefined;
    const counter = await verifyAuthentication(
      rp,
      response,
      challenge.webauthnChallenge,
      passkey,
      requireUserVerification,
    );
    if (counter === undefined) return undefined;
    await repo.touchPasskey(db, passkey.id, counter);
    return passkey.userId;
  }

  /**
   * Verifies one factor of the user (a code used once, a recovery code used once, a passkey's
   * answer to a live challenge); `signInChallenge` is the sign-in's own. Wrong answers count.
   */
  async function verifyProof(
    userId: string,
    proof: TwoFactorProof,
    origin: RequestOrigin,
    signInChallenge?: { id: string; webauthnChallenge: string | null },
  ): Promise<void> {
    await takeTry(userId);
    if (proof.code !== undefined) {
      if (!(await checkTotp(userId, proof.code))) throw invalidFactor();
    } else if (proof.recoveryCode !== undefined) {
      if (!(await repo.useRecoveryCode(db, userId, hashRecoveryCode(proof.recoveryCode))))
        throw invalidFactor();
      const left = await repo.recoveryCodesLeft(db, userId);
      await events.record(userId, 'recoveryCode.used', origin, String(left));
    } else if (proof.passkey !== undefined) {
      const answered = answeredChallenge(proof.passkey);
      const challenge =
        signInChallenge ??
        (answered ? await findLiveWebauthnChallenge(db, userId, 'stepUp', answered) : undefined);
      // A step-up challenge is taken (atomically) before the answer is checked: the same answer
      // sent several times at once opens one request. The sign-in's challenge is used by its caller.
      const taken =
        challenge !== undefined && (signInChallenge !== undefined || (await useChallenge(db, challenge.id)));
      if (!challenge || !taken || !(await checkPasskey(userId, proof.passkey, challenge, false)))
        throw invalidFactor();
    } else {
      throw invalidFactor();
    }
    await repo.clearFailures(db, userId);
  }

  return { assertNotLocked, failed, checkPasskey, verifyProof };
}
