import {
  type PasskeyAddRequest,
  type PasskeyAddResponse,
  type PasskeyOptions,
  RECOVERY_CODE_COUNT,
  STEP_UP_MINUTES,
  type TotpSetupResponse,
  type TwoFactorStatus,
} from '@vaultline/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditTrail } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { lockWithdrawals } from '../withdrawals/withdrawal-lock';
import { findLiveWebauthnChallenge, insertChallenge, useChallenge } from './challenges.repository';
import { answeredChallenge, createFactorChecks } from './factor-checks';
import { createSecretBox, hashRecoveryCode, newRecoveryCode } from './secrets';
import { createSecurityEvents, type RequestOrigin } from './security-events';
import { newTotpSecret, totpStep } from './totp';
import * as repo from './two-factor.repository';
import { authenticationOptions, registrationOptions, relyingPartyOf, verifyRegistration } from './webauthn';

export interface TwoFactorDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'twoFactor'>;
  mail: MailService;
  audit: AuditTrail;
}

const CHALLENGE_MS = 5 * 60 * 1000;

export function createTwoFactorService({ db, config, mail, audit }: TwoFactorDeps) {
  const box = createSecretBox(config.twoFactor.encryptionKey);
  const rp = relyingPartyOf(config.publicUrl);
  const events = createSecurityEvents({ db, mail, audit });

  const { assertNotLocked, failed, checkPasskey, verifyProof } = createFactorChecks({ db, box, rp, events });

  async function newRecoveryCodes(
    userId: string,
    tx: Db | Parameters<Parameters<Db['transaction']>[0]>[0] = db,
  ) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      userId,
      codes.map((c) => hashRecoveryCode(c.canonical)),
    );
    return codes.map((c) => c.shown);
  }

  return {
    events,
    verifyProof,
    assertNotLocked,
    hasFactor: (userId: string) => repo.hasFactor(db, userId),

    async methods(userId: string) {
      const [totp, passkeys, left] = await Promise.all([
        repo.findTotp(db, userId),
        repo.listPasskeys(db, userId),
        repo.recoveryCodesLeft(db, userId),
      ]);
      return { totp: Boolean(totp?.enabledAt), passkeys, recoveryCodesLeft: left };
    },

    async status(userId: string): Promise<TwoFactorStatus> {
      const m = await this.methods(userId);
      return {
        totp: m.totp,
        passkeys: m.passkeys.map((p) => ({
          id: p.id,
          name: p.name,
          createdAt: p.createdAt.toISOString(),
          lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: m.recoveryCodesLeft,
      };
    },

    /** The session gave a factor now: protected actions pass for STEP_UP_MINUTES. */
    async markSession(userId: string, sid: string | undefined): Promise<void> {
      if (sid) await repo.markSessionFactor(db, sid, userId, new Date());
    },

    async recentlyGiven(userId: string, sid: string | undefined): Promise<boolean> {
      if (!sid) return false;
      const at = await repo.sessionFactorAt(db, sid, userId);
      return at !== undefined && Date.now() - at.getTime() < STEP_UP_MINUTES * 60 * 1000;
    },

    async totpSetup(userId: string): Promise<TotpSetupResponse> {
      const user = await repo.findUserInfo(db, userId);
      const row = await repo.findTotp(db, userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      if (row?.enabledAt) throw conflict('An authenticator app is already set up', 'TOTP_ALREADY_ENABLED');
      const fresh = newTotpSecret(user.email);
      await repo.setPendingTotp(db, userId, box.seal(fresh.secret, userId));
      return fresh;
    },

    async totpEnable(
      userId: string,
      code: string,
      origin: RequestOrigin,
      sessionId?: string,
    ): Promise<string[]> {
      await assertNotLocked(userId);
      const row = await repo.findTotp(db, userId);
      if (row?.enabledAt) throw conflict('An authenticator app is already set up', 'TOTP_ALREADY_ENABLED');
      if (!row?.pendingSecret) throw badRequest('Set up the authenticator app first', 'TOTP_NOT_SET_UP');
      const step = totpStep(box.open(row.pendingSecret, userId), code);
      if (step === null) await failed(userId);
      const recoveryCodes = await db.transaction(async (tx) => {
        const first = !(await repo.hasFactor(tx, userId));
        await repo.enableTotp(tx, userId, row.pendingSecret as string, step as number);
        if (first) await repo.revokeOtherSessions(tx, userId, sessionId);
        return newRecoveryCodes(userId, tx);
      });
      await events.record(userId, 'totp.enabled', origin);
      return recoveryCodes;
    },

    /** Removes the authenticator (the caller checked the step-up). */
    async totpDisable(userId: string, origin: RequestOrigin): Promise<void> {
      const row = await repo.findTotp(db, userId);
      if (!row?.enabledAt) throw badRequest('No authenticator app is set up', 'TOTP_NOT_ENABLED');
      await db.transaction(async (tx) => {
        await repo.deleteTotp(tx, userId);
        if (!(await repo.hasFactor(tx, userId))) await repo.deleteRecoveryCodes(tx, userId);
        await lockWithdrawals(tx, userId, config.twoFactor.withdrawalLockHours);
      });
      await events.record(userId, 'totp.disabled', origin);
    },

    async passkeyRegistrationOptions(userId: string): Promise<PasskeyOptions> {
      const user = await repo.findUserInfo(db, userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      const existing = await repo.listPasskeys(db, userId);
      const options = await registrationOptions(
        rp,
        { id: userId, email: user.email, name: `${user.firstName} ${user.lastName}` },
        existing,
      );
      await insertChallenge(db, {
        kind: 'register',
        userId,
        webauthnChallenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return options as unknown as PasskeyOptions;
    },

    async passkeyAdd(
      userId: string,
      input: PasskeyAddRequest,
      origin: RequestOrigin,
      sessionId?: string,
    ): Promise<PasskeyAddResponse> {
      const answered = answeredChallenge(input.response);
      const challenge = answered
        ? await findLiveWebauthnChallenge(db, userId, 'register', answered)
        : undefined;
      const verified = challenge?.webauthnChallenge
        ? await verifyRegistration(rp, input.response, challenge.webauthnChallenge)
        : undefined;
      if (!challenge || !verified || !(await useChallenge(db, challenge.id)))
        throw badRequest('This passkey could not be verified. Please try again.', 'PASSKEY_INVALID');
      const result = await db.transaction(async (tx) => {
        const first = !(await repo.hasFactor(tx, userId));
        const row = await repo.insertPasskey(tx, { userId, name: input.name, ...verified });
        if (!row) throw conflict('This passkey is already registered', 'PASSKEY_INVALID');
        if (first) await repo.revokeOtherSessions(tx, userId, sessionId);
        return { row, recoveryCodes: first ? await newRecoveryCodes(userId, tx) : null };
      });
      await events.record(userId, 'passkey.added', origin, input.name);
      return {
        passkey: {
          id: result.row.id,
          name: result.row.name,
          createdAt: result.row.createdAt.toISOString(),
          lastUsedAt: null,
        },
        recoveryCodes: result.recoveryCodes,
      };
    },

    async passkeyDelete(userId: string, id: string, origin: RequestOrigin): Promise<void> {
      const removed = await db.transaction(async (tx) => {
        const row = await repo.deletePasskey(tx, userId, id);
        if (row && !(await repo.hasFactor(tx, userId))) await repo.deleteRecoveryCodes(tx, userId);
        if (row) await lockWithdrawals(tx, userId, config.twoFactor.withdrawalLockHours);
        return row;
      });
      if (!removed) throw notFound('Passkey not found', 'PASSKEY_NOT_FOUND');
      await events.record(userId, 'passkey.removed', origin, removed.name);
    },

    /** A passkey challenge for a step-up (`twoFactor.passkey`). */
    async stepUpOptions(userId: string): Promise<PasskeyOptions> {
      const existing = await repo.listPasskeys(db, userId);
      if (existing.length === 0) throw notFound('This account has no passkey', 'PASSKEY_NOT_FOUND');
      const options = await authenticationOptions(rp, existing, 'preferred');
      await insertChallenge(db, {
        kind: 'stepUp',
        userId,
        webauthnChallenge: options.challenge,
        expiresAt: new Date(Date.now() + CHALLENGE_MS),
      });
      return options as unknown as PasskeyOptions;
    },

    /**
     * The user lost every factor: an admin removes them all (audited), every session ends, the user
     * is e-mailed, and withdrawals stay locked for WITHDRAWAL_LOCK_HOURS.
     */
    async adminReset(adminId: string, userId: string): Promise<Date | null> {
      const user = await repo.findUserInfo(db, userId);
      if (!user) throw notFound('User not found', 'USER_NOT_FOUND');
      const hours = config.twoFactor.withdrawalLockHours;
      const until = hours > 0 ? new Date(Date.now() + hours * 60 * 60 * 1000) : null;
      await db.transaction(async (tx) => {
        const before = await repo.hasFactor(tx, userId);
        await repo.deleteTotp(tx, userId);
        await repo.deletePasskeys(tx, userId);
        await repo.deleteRecoveryCodes(tx, userId);
        // Wrong answers given to the factors just removed no longer lock the new ones' set-up.
        await repo.clearFailures(tx, userId);
        await repo.clearSessionFactors(tx, userId);
        await repo.lockAfterReset(tx, userId, until);
        await audit.record(tx, {
          actorId: adminId,
          action: 'user.twoFactorReset',
          targetType: 'user',
          targetId: userId,
          before: { twoFactor: before },
          after: { twoFactor: false, withdrawalsLockedUntil: until?.toISOString() ?? null },
        });
      });
      // The user's history and e-mail show no device for it: the admin's address is not theirs to see
      // (it is in the audit log, with the admin).
      await events.record(userId, 'factors.reset', { userAgent: null, ip: null }, null, { lockHours: hours });
      return until;
    },

    /** ADMIN_REQUIRE_2FA: every admin route refuses an admin without a factor. */
    adminRequired: config.twoFactor.adminRequired,
    rp,
    checkPasskey,
    challengeMs: CHALLENGE_MS,
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
