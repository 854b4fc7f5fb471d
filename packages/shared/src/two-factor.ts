import { z } from 'zod';
import { uuidSchema } from './common';

/**
 * A second factor (issue 30): authenticator codes (TOTP, RFC 6238), passkeys (WebAuthn) and
 * single-use recovery codes. docs/two-factor.md says what each rule stops.
 *
 * Errors (error-codes.ts): 403 TWO_FACTOR_REQUIRED (the action needs a factor and the account has
 * none: set one up), 401 TWO_FACTOR_NEEDED (a factor is enrolled but was not given in the last
 * STEP_UP_MINUTES: open the step-up dialog and send the request again with `twoFactor`),
 * 400 TWO_FACTOR_INVALID (the code, recovery code or passkey given is wrong or already used),
 * 401 TWO_FACTOR_CHALLENGE_INVALID (the sign-in's second step expired, was used, or took too many
 * tries: sign in again), 429 TWO_FACTOR_LOCKED (too many wrong codes: wait `seconds`).
 */

/** How long a factor given (at sign-in or in a step-up) lets protected actions through. */
export const STEP_UP_MINUTES = 10;
/** How long the sign-in's second step lives, and how many wrong answers it takes. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;
export const TWO_FACTOR_CHALLENGE_TRIES = 5;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

/** The ways an account can give its second factor. */
export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recoveryCode'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** A six-digit authenticator code (spaces a user types in the middle are removed). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { message: 'The code has 6 digits' }));

/** A recovery code as shown: `xxxxx-xxxxx` (letters and digits; case and dash do not matter). */
export const recoveryCodeSchema = z
  .string()
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { message: 'A recovery code has 10 letters or digits' }));

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, { message: 'Not base64url' });

/** What @simplewebauthn/browser's startRegistration() gives (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    authenticatorData: b64url(16000).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponseSchema>;

/** What @simplewebauthn/browser's startAuthentication() gives (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(16000),
    signature: b64url(2000),
    userHandle: b64url(400).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof passkeyAuthenticationResponseSchema>;

/**
 * Options to hand to startRegistration({ optionsJSON }) / startAuthentication({ optionsJSON }) as
 * they are (PublicKeyCredentialCreationOptionsJSON / PublicKeyCredentialRequestOptionsJSON).
 */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/**
 * A second factor given with a request: exactly one of an authenticator code, a recovery code, or
 * a passkey's answer (to the options of POST /api/User/2fa/passkey/options).
 */
export const twoFactorProofSchema = z
  .object({
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .refine((v) => [v.code, v.recoveryCode, v.passkey].filter((x) => x !== undefined).length === 1, {
    message: 'Give one of: code, recoveryCode, passkey',
  });
export type TwoFactorProof = z.infer<typeof twoFactorProofSchema>;

/**
 * Step-up: any protected request (POST/PUT/PATCH/DELETE with a JSON body) may carry this field;
 * the server takes it out of the body before the route reads it.
 */
export const stepUpFieldSchema = z.object({ twoFactor: twoFactorProofSchema.optional() });
export type StepUpField = z.infer<typeof stepUpFieldSchema>;

// ---- My account: GET /api/User/2fa and enrolment ----

export const passkeyItemSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyItem = z.infer<typeof passkeyItemSchema>;

/** GET /api/User/2fa */
export const twoFactorStatusSchema = z.object({
  totp: z.boolean(),
  passkeys: z.array(passkeyItemSchema),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/User/2fa/totp/setup (no body, or `{ twoFactor }` when a factor exists) → secret shown once. */
export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

/** POST /api/User/2fa/totp/enable: the first code from the app proves the secret was saved. */
export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export type TotpEnableRequest = z.infer<typeof totpEnableRequestSchema>;
/** Ten recovery codes, shown once. */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/**
 * POST /api/User/2fa/totp/disable `{ code }`: a current authenticator code. Without one (app lost),
 * `{ twoFactor }` with a recovery code or a passkey.
 */
export const totpDisableRequestSchema = z
  .object({ code: totpCodeSchema.optional() })
  .extend(stepUpFieldSchema.shape)
  .refine((v) => v.code !== undefined || v.twoFactor !== undefined, {
    message: 'Give the code from your authenticator app',
    path: ['code'],
  });
export type TotpDisableRequest = z.infer<typeof totpDisableRequestSchema>;

/** POST /api/User/passkeys/options → creation options; POST /api/User/passkeys `{ name, response }`. */
export const passkeyAddRequestSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'Give the passkey a name' })
    .max(PASSKEY_NAME_MAX, { message: `A name has at most ${PASSKEY_NAME_MAX} characters` }),
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyAddRequest = z.infer<typeof passkeyAddRequestSchema>;
/** The passkey added; recovery codes (shown once) when it is the account's first factor. */
export const passkeyAddResponseSchema = z.object({
  passkey: passkeyItemSchema,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type PasskeyAddResponse = z.infer<typeof passkeyAddResponseSchema>;

export const passkeyIdParamsSchema = z.object({ id: uuidSchema });

/** POST /api/User/2fa/passkey/options: a passkey challenge for a step-up (`twoFactor.passkey`). */
// Answer: passkeyOptionsSchema.

// ---- Sign-in ----

/** POST /api/Auth with the right password, for an account that has a factor: no token yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challengeId: uuidSchema,
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
  /** For "use a passkey": options for startAuthentication (null when the account has none). */
  passkeyOptions: passkeyOptionsSchema.nullable(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /api/Auth answers either the tokens or the challenge. */
export const loginResponseSchema = z.union([z.object({ jwToken: z.string() }), twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const isTwoFactorChallenge = (r: LoginResponse): r is TwoFactorChallenge =>
  'twoFactorRequired' in r && r.twoFactorRequired === true;

/** POST /api/Auth/2fa `{ challengeId, code | recoveryCode | passkey }` → `{ jwToken }`. */
export const twoFactorLoginRequestSchema = z
  .object({
    challengeId: uuidSchema,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
    passkey: passkeyAuthenticationResponseSchema.optional(),
  })
  .refine((v) => [v.code, v.recoveryCode, v.passkey].filter((x) => x !== undefined).length === 1, {
    message: 'Give one of: code, recoveryCode, passkey',
  });
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

/** POST /api/Auth/passkey/options → a challenge for signing in with a passkey and no password. */
export const passkeyLoginOptionsSchema = z.object({
  challengeId: uuidSchema,
  options: passkeyOptionsSchema,
});
export type PasskeyLoginOptions = z.infer<typeof passkeyLoginOptionsSchema>;
/** POST /api/Auth/passkey `{ challengeId, response }` → `{ jwToken }`. */
export const passkeyLoginRequestSchema = z.object({
  challengeId: uuidSchema,
  response: passkeyAuthenticationResponseSchema,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

// ---- Security history: GET /api/User/security-events ----

export const SECURITY_EVENT_TYPES = [
  'totp.enabled',
  'totp.disabled',
  'passkey.added',
  'passkey.removed',
  'recoveryCode.used',
  'signIn.newDevice',
  'factors.reset',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export const securityEventSchema = z.object({
  id: uuidSchema,
  type: z.enum(SECURITY_EVENT_TYPES),
  at: z.string(),
  /** The browser or app (user agent) and the network (IP address) of the request. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** e.g. the passkey's name, or recovery codes left. */
  detail: z.string().nullable(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
/** The latest events, newest first. */
export const securityEventsSchema = z.object({ events: z.array(securityEventSchema) });
export type SecurityEvents = z.infer<typeof securityEventsSchema>;

// ---- Back office: POST /api/Admin/users/{id}/2fa/reset (step-up) ----

/** The user lost every factor: all removed, the user e-mailed, withdrawals locked for a while. */
export const adminTwoFactorResetResponseSchema = z.object({
  withdrawalsLockedUntil: z.string().nullable(),
});
export type AdminTwoFactorResetResponse = z.infer<typeof adminTwoFactorResetResponseSchema>;
