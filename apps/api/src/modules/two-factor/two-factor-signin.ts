import {
  type PasskeyLoginOptions,
  type PasskeyLoginRequest,
  TWO_FACTOR_CHALLENGE_TRIES,
  type TwoFactorChallenge,
  type TwoFactorLoginRequest,
  type TwoFactorMethod,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { insertChallenge, takeChallengeTry, useChallenge } from './challenges.repository';
import { answeredChallenge, invalidFactor } from './factor-checks';
import { deviceHash } from './secrets';
import type { RequestOrigin } from './security-events';
import { countDevices, rememberDevice } from './security-history.repository';
import type { TwoFactorService } from './two-factor.service';
import { authenticationOptions } from './webauthn';

const challengeInvalid = () =>
  unauthorized(
    'This sign-in step has expired or took too many tries. Please sign in again.',
    'TWO_FACTOR_CHALLENGE_INVALID',
  );

/**
 * Sign-in with a second factor: after the right password, a challenge (5 minutes, 5 wrong tries,
 * used once) that a code, a recovery code or a passkey answers; and sign-in with a passkey alone.
 */
export function createTwoFactorSignIn({ db, twoFactor }: { db: Db; twoFactor: TwoFactorService }) {
  const { rp } = twoFactor;
  const expiry = () => new Date(Date.now() + twoFactor.challengeMs);

  return {
    /** The challenge for an account with a factor; undefined for an account without one. */
    async start(userId: string): Promise<TwoFactorChallenge | undefined> {
      const m = await twoFactor.methods(userId);
      if (!m.totp && m.passkeys.length === 0) return undefined;
      const methods: TwoFactorMethod[] = [];
      if (m.totp) methods.push('totp');
      if (m.passkeys.length > 0) methods.push('passkey');
      if (m.recoveryCodesLeft > 0) methods.push('recoveryCode');
      const options = m.passkeys.length > 0 ? await authenticationOptions(rp, m.passkeys, 'preferred') : null;
      const challengeId = await insertChallenge(db, {
        kind: 'signIn',
        userId,
        webauthnChallenge: options?.challenge ?? null,
        expiresAt: expiry(),
      });
      return {
        twoFactorRequired: true,
        challengeId,
        methods,
        passkeyOptions: options as TwoFactorChallenge['passkeyOptions'],
      };
    },

    /** The user id once the factor is right; each answer counts a try on the challenge first. */
    async finish(input: TwoFactorLoginRequest, origin: RequestOrigin): Promise<string> {
      const challenge = await takeChallengeTry(db, input.challengeId, 'signIn', TWO_FACTOR_CHALLENGE_TRIES);
      if (!challenge?.userId) throw challengeInvalid();
      const userId = challenge.userId;
      await twoFactor.verifyProof(userId, input, origin, challenge);
      if (!(await useChallenge(db, challenge.id))) throw challengeInvalid();
      return userId;
    },

    /** Options for signing in with a passkey and no password (any passkey of this site). */
    async passkeyOptions(): Promise<PasskeyLoginOptions> {
      const options = await authenticationOptions(rp, null, 'required');
      const challengeId = await insertChallenge(db, {
        kind: 'passkeySignIn',
        userId: null,
        webauthnChallenge: options.challenge,
        expiresAt: expiry(),
      });
      return { challengeId, options: options as unknown as PasskeyLoginOptions['options'] };
    },

    /** The user whose passkey answered (user verification required: it replaces the password). */
    async passkeySignIn(input: PasskeyLoginRequest): Promise<string> {
      const challenge = await takeChallengeTry(
        db,
        input.challengeId,
        'passkeySignIn',
        TWO_FACTOR_CHALLENGE_TRIES,
      );
      if (!challenge || answeredChallenge(input.response) !== challenge.webauthnChallenge)
        throw challengeInvalid();
      const userId = await twoFactor.checkPasskey(null, input.response, challenge, true);
      if (!userId) throw invalidFactor();
      if (!(await useChallenge(db, challenge.id))) throw challengeInvalid();
      return userId;
    },

    /**
     * A sign-in happened: a device (user agent + network) not seen before on an account that has
     * signed in before sends the "new sign-in" e-mail and writes the history.
     */
    async signedIn(userId: string, origin: RequestOrigin): Promise<void> {
      const hash = deviceHash(origin.userAgent ?? undefined, origin.ip ?? undefined);
      const known = await countDevices(db, userId);
      const isNew = await rememberDevice(db, userId, hash);
      if (isNew && known > 0) await twoFactor.events.record(userId, 'signIn.newDevice', origin);
    },
  };
}
export type TwoFactorSignIn = ReturnType<typeof createTwoFactorSignIn>;
