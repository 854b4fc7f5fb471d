import { randomUUID } from 'node:crypto';
import {
  type ChangePasswordRequest,
  type LoginRequest,
  type PasskeyLoginRequest,
  type SignupRequest,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
  UserStatus,
} from '@vaultline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password';
import { hashOpaqueToken, newOpaqueToken, type TokenService } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth-caller';
import type { AccountService } from '../account/account.service';
import type { MailService } from '../mail/mail.service';
import type { RequestOrigin } from '../two-factor/security-events';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { TwoFactorSignIn } from '../two-factor/two-factor-signin';
import { lockWithdrawals } from '../withdrawals/withdrawal-lock';
import * as repo from './auth.repository';
import { assertSignupAge } from './birthday';

/** What a successful sign-in gives: the access token, and the refresh token for the cookie. */
export interface Session {
  jwToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface AuthServiceDeps {
  db: Db;
  config: Pick<Config, 'refreshTokenTtlDays' | 'resetTokenTtlMinutes' | 'publicUrl' | 'withdrawals'>;
  tokens: TokenService;
  account: AccountService;
  mail: MailService;
  twoFactor: TwoFactorService;
  twoFactorSignIn: TwoFactorSignIn;
  /** Where a reset that failed after the answer is reported. */
  log?: Pick<FastifyBaseLogger, 'error'>;
}

const invalidCredentials = () => unauthorized('Invalid e-mail or password', 'INVALID_CREDENTIALS');
const accountDisabled = () =>
  forbidden('Your account has been disabled. Please contact our support.', 'ACCOUNT_DISABLED');
const sessionEnded = (code = 'REFRESH_INVALID') =>
  unauthorized('Your session has ended, please log in again', code);
const resetInvalid = () =>
  badRequest(
    'This password reset link is invalid, expired or already used. Please ask for a new one.',
    'RESET_TOKEN_INVALID',
  );

const NO_ORIGIN: RequestOrigin = { userAgent: null, ip: null };

export function createAuthService({
  db,
  config,
  tokens,
  account,
  mail,
  twoFactor,
  twoFactorSignIn,
  log,
}: AuthServiceDeps) {
  /** Reset requests being handled after their answer (see requestPasswordReset). */
  const resets = new Set<Promise<void>>();
  const refreshTtlMs = config.refreshTokenTtlDays * 24 * 60 * 60 * 1000;

  /** Signs an access token with the user's current role, premium and version; opens or continues a refresh family. */
  async function issueSession(userId: string, familyId: string = randomUUID()): Promise<Session> {
    const state = await account.loadAuthState(userId);
    if (!state) throw sessionEnded();
    if (!state.active) throw accountDisabled();
    const jwToken = await tokens.sign({
      sub: state.id,
      role: state.role,
      premium: state.premium,
      ver: state.tokenVersion,
      sid: familyId,
    });
    const refresh = newOpaqueToken();
    const refreshExpiresAt = new Date(Date.now() + refreshTtlMs);
    await repo.insertRefreshToken(db, {
      userId,
      tokenHash: refresh.hash,
      familyId,
      expiresAt: refreshExpiresAt,
    });
    return { jwToken, refreshToken: refresh.token, refreshExpiresAt };
  }

  /**
   * Sets the password, revokes every access token (version bump), refresh token and reset link, and
   * locks withdrawals for WITHDRAWAL_LOCK_HOURS (a change or a reset alike).
   */
  async function replacePassword(userId: string, newPassword: string): Promise<void> {
    const hash = await hashPassword(newPassword);
    const now = new Date();
    await db.transaction(async (tx) => {
      await repo.setPasswordHash(tx, userId, hash);
      await lockWithdrawals(tx, userId, config.withdrawals.lockHours);
      await repo.revokeUserRefreshTokens(tx, userId, now);
      await repo.closePasswordResets(tx, userId, now);
    });
  }

  /** A session after a second factor: it counts as given now (step-up), and the device is noted. */
  async function issueVerifiedSession(userId: string, origin: RequestOrigin): Promise<Session> {
    const familyId = randomUUID();
    const session = await issueSession(userId, familyId);
    await twoFactor.markSession(userId, familyId);
    await twoFactorSignIn.signedIn(userId, origin);
    return session;
  }

  async function sendResetLink(email: string): Promise<void> {
    const user = await repo.findCredentialsByEmail(db, email);
    if (user?.status !== UserStatus.active) return;
    const reset = newOpaqueToken();
    await repo.insertPasswordReset(db, {
      userId: user.id,
      tokenHash: reset.hash,
      expiresAt: new Date(Date.now() + config.resetTokenTtlMinutes * 60 * 1000),
    });
    const link = new URL('/changePassword', config.publicUrl);
    link.searchParams.set('token', reset.token);
    link.searchParams.set('email', email);
    await mail.send({
      to: email,
      subject: 'Reset your Vaultline password',
      text: [
        'Someone asked to reset the password of your Vaultline account.',
        `To choose a new password, open this link within ${config.resetTokenTtlMinutes} minutes:`,
        link.toString(),
        '',
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.',
      ].join('\n'),
    });
  }

  return {
    /** The session, or the second step's challenge for an account that has a factor. */
    async login(
      { email, password }: LoginRequest,
      origin: RequestOrigin = NO_ORIGIN,
    ): Promise<Session | TwoFactorChallenge> {
      const user = await repo.findCredentialsByEmail(db, email);
      // An unknown e-mail costs one argon2 verification too, so timing does not reveal accounts.
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user || !valid) throw invalidCredentials();
      if (user.status !== UserStatus.active) throw accountDisabled();
      const challenge = await twoFactorSignIn.start(user.id);
      if (challenge) return challenge;
      const session = await issueSession(user.id);
      await twoFactorSignIn.signedIn(user.id, origin);
      return session;
    },

    /** The sign-in's second step: the challenge answered with a code, recovery code or passkey. */
    async loginSecondFactor(input: TwoFactorLoginRequest, origin: RequestOrigin): Promise<Session> {
      const userId = await twoFactorSignIn.finish(input, origin);
      return issueVerifiedSession(userId, origin);
    },

    passkeyOptions: () => twoFactorSignIn.passkeyOptions(),

    /** Sign-in with a passkey and no password. */
    async loginPasskey(input: PasskeyLoginRequest, origin: RequestOrigin): Promise<Session> {
      const userId = await twoFactorSignIn.passkeySignIn(input);
      return issueVerifiedSession(userId, origin);
    },

    async signup(input: SignupRequest, origin: RequestOrigin = NO_ORIGIN): Promise<Session> {
      assertSignupAge(input.birthDay);
      const userId = await repo.insertUser(db, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        birthDay: input.birthDay,
      });
      if (!userId) {
        throw conflict('An account with this e-mail address already exists. Please log in.', 'EMAIL_TAKEN');
      }
      await mail.send({
        to: input.email,
        subject: 'Welcome to Vaultline',
        text: [
          `Hello ${input.firstName},`,
          '',
          'Your Vaultline account has been created. You can log in at any time:',
          `${config.publicUrl}/login`,
          '',
          'If you did not create this account, please contact our support.',
        ].join('\n'),
      });
      const session = await issueSession(userId);
      await twoFactorSignIn.signedIn(userId, origin);
      return session;
    },

    /** Rotates the refresh token: a used one presented again revokes its whole family. */
    async refresh(token: string | undefined): Promise<Session> {
      if (!token) throw sessionEnded('REFRESH_MISSING');
      const hash = hashOpaqueToken(token);
      const now = new Date();
      const live = await repo.consumeRefreshToken(db, hash, now);
      if (!live) {
        const known = await repo.findRefreshToken(db, hash);
        if (known?.usedAt && !known.revokedAt) {
          // Someone replayed a rotated token: either the thief or the owner holds a copy. End both.
          await repo.revokeRefreshFamily(db, known.familyId, now);
          throw sessionEnded('REFRESH_REUSED');
        }
        throw sessionEnded();
      }
      return issueSession(live.userId, live.familyId);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const known = await repo.findRefreshToken(db, hashOpaqueToken(token));
      if (known) await repo.revokeRefreshFamily(db, known.familyId, new Date());
    },

    /** Ends every session of a user (e.g. when an admin deactivates the account). */
    async revokeSessions(userId: string): Promise<void> {
      await repo.revokeUserRefreshTokens(db, userId, new Date());
    },

    /**
     * E-mails a single-use link when the address belongs to an active account; silent otherwise.
     * The lookup, the link's row and the mail happen after the caller's answer, so the answer takes
     * the same time whether the address is known or not and tells nothing.
     */
    requestPasswordReset(email: string): void {
      // Started in a later turn of the event loop: none of its work (the embedded database runs in
      // this process) happens before the answer is written.
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => sendResetLink(email))
        .catch((err: unknown) => log?.error({ err }, 'password reset link not sent'))
        .finally(() => resets.delete(job));
      resets.add(job);
    },

    /** Resolves when every reset asked for so far has been handled (tests, graceful stop). */
    async idle(): Promise<void> {
      await Promise.all([...resets]);
    },

    /**
     * With the e-mailed token: sets the password and answers null. Signed in with the current
     * password: sets it and opens a fresh session, since every earlier one has just been revoked.
     */
    async changePassword(input: ChangePasswordRequest, auth: AuthUser | null): Promise<Session | null> {
      if (input.token !== undefined && input.email !== undefined) {
        const user = await repo.findCredentialsByEmail(db, input.email);
        if (user?.status !== UserStatus.active) throw resetInvalid();
        const used = await repo.consumePasswordReset(db, hashOpaqueToken(input.token), user.id, new Date());
        if (!used) throw resetInvalid();
        await replacePassword(user.id, input.newPassword);
        return null;
      }
      if (!auth) {
        throw unauthorized(
          'Please log in to change your password, or use the link from the reset e-mail',
          'UNAUTHORIZED',
        );
      }
      const user = await repo.findCredentialsById(db, auth.id);
      if (!user) throw unauthorized();
      if (!(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
        throw new AppError(400, 'WRONG_PASSWORD', 'Your current password is not correct', {
          currentPassword: 'Your current password is not correct',
        });
      }
      await replacePassword(user.id, input.newPassword);
      return issueSession(user.id);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
