import { MIN_SIGNUP_AGE_YEARS, PASSWORD_MAX, PASSWORD_MIN } from '@vaultline/shared';
import { ApiRequestError } from '../../lib/api-client';
import type { TFunction } from '../../lib/i18n';

/**
 * The shared schemas and the server speak English; these are their field messages and the keys that
 * translate them, so a client-side check and the same check answered by the server read alike.
 */
const FIELD_MESSAGE_KEYS: Record<string, string> = {
  'Invalid e-mail address': 'Auth.Validation.EmailInvalid',
  'E-mail is too long': 'Auth.Validation.EmailTooLong',
  'Password is required': 'Auth.Validation.PasswordRequired',
  [`Password must be at least ${PASSWORD_MIN} characters`]: 'Auth.Validation.PasswordTooShort',
  [`Password must be at most ${PASSWORD_MAX} characters`]: 'Auth.Validation.PasswordTooLong',
  'First name is required': 'Auth.Validation.FirstNameRequired',
  'Last name is required': 'Auth.Validation.LastNameRequired',
  'First name must be at most 100 characters': 'Auth.Validation.NameTooLong',
  'Last name must be at most 100 characters': 'Auth.Validation.NameTooLong',
  'Must be a date (YYYY-MM-DD)': 'Auth.Validation.DateInvalid',
  'Your birthday cannot be in the future': 'Auth.Validation.BirthdayInFuture',
  'Please enter your real birthday': 'Auth.Validation.BirthdayInvalid',
  [`You must be at least ${MIN_SIGNUP_AGE_YEARS} years old to sign up`]: 'Auth.Validation.TooYoung',
  'Your current password is not correct': 'Auth.Validation.WrongPassword',
};

const PARAMS = { min: PASSWORD_MIN, max: PASSWORD_MAX, age: MIN_SIGNUP_AGE_YEARS };

/** A field message (a known English text, an `Auth.` key of a client-only rule, or anything else as is). */
export function fieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = FIELD_MESSAGE_KEYS[message] ?? (message.startsWith('Auth.') ? message : undefined);
  return key ? t(key, PARAMS) : message;
}

/** Server error codes with a translated wording; other errors show the server's own message. */
const CODE_KEYS: Record<string, string> = {
  EMAIL_TAKEN: 'Auth.ServerErrors.EmailTaken',
  RESET_TOKEN_INVALID: 'Auth.ServerErrors.ResetTokenInvalid',
  WRONG_PASSWORD: 'Auth.Validation.WrongPassword',
  TOO_YOUNG: 'Auth.Validation.TooYoung',
  BIRTHDAY_IN_FUTURE: 'Auth.Validation.BirthdayInFuture',
  BIRTHDAY_INVALID: 'Auth.Validation.BirthdayInvalid',
  NETWORK: 'Auth.ServerErrors.Network',
  RATE_LIMITED: 'Auth.ServerErrors.RateLimited',
};

/** The user-facing text of a failed call; `fallbackKey` when there is none worth showing. */
export function serverMessage(t: TFunction, err: unknown, fallbackKey: string): string {
  if (!(err instanceof ApiRequestError)) return t(fallbackKey);
  const key = CODE_KEYS[err.code];
  if (key) return t(key, PARAMS);
  if (err.status >= 500 || err.code === 'VALIDATION' || !err.message) return t(fallbackKey);
  return err.message;
}

/** spec-1 §8: 401 wrong credentials, 403 disabled account, anything else unknown. */
export function loginErrorKey(err: unknown): string {
  const status = err instanceof ApiRequestError ? err.status : 0;
  if (status === 401) return 'Auth.Login.ErrorCredentials';
  if (status === 403) return 'Auth.Login.ErrorDisabled';
  return 'Auth.Login.ErrorUnknown';
}

/** Field errors a failed call carries (`error.fields`), for the form's own fields only. */
export function serverFieldErrors<F extends string>(err: unknown, fields: readonly F[]): [F, string][] {
  if (!(err instanceof ApiRequestError) || !err.fields) return [];
  const known = new Set<string>(fields);
  return Object.entries(err.fields).filter((e): e is [F, string] => known.has(e[0]));
}
