import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type {
  PasskeyItem,
  PasskeyLoginOptions as SharedPasskeyLoginOptions,
  TwoFactorChallenge as SharedTwoFactorChallenge,
} from '@vaultline/shared';

export type {
  PasskeyAddResponse,
  SecurityEvent,
  TotpSetupResponse as TotpSetup,
  TwoFactorStatus,
} from '@vaultline/shared';

/** A passkey of the account, as GET User/2fa lists it. */
export type Passkey = PasskeyItem;

// The contract keeps WebAuthn options loose (passed through as they are); the browser library
// reads them as the W3C JSON shapes.
export type PasskeyCreationOptions = PublicKeyCredentialCreationOptionsJSON;
export type PasskeyRequestOptions = PublicKeyCredentialRequestOptionsJSON;

/** POST Auth when the account has a second factor: no token yet, a challenge for Auth/2fa. */
export type TwoFactorChallenge = Omit<SharedTwoFactorChallenge, 'passkeyOptions'> & {
  passkeyOptions: PasskeyRequestOptions | null;
};

/** POST Auth/passkey/options: a challenge for signing in with a passkey and no password. */
export type PasskeyLoginOptions = Omit<SharedPasskeyLoginOptions, 'options'> & {
  options: PasskeyRequestOptions;
};
