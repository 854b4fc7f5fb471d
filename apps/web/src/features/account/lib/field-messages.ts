import { MIN_SIGNUP_AGE_YEARS, PHONE_MESSAGE } from '@vaultline/shared';
import type { z } from 'zod';
import { ApiRequestError } from '../../../lib/api-client';
import type { TFunction } from '../../../lib/i18n';

/**
 * The shared schemas speak English; each of their messages has a translation here, so a check made
 * by the form and the same check answered by the server read alike.
 */
const KEYS: Record<string, string> = {
  'First name is required': 'MyAccount.Validation.FirstNameRequired',
  'Last name is required': 'MyAccount.Validation.LastNameRequired',
  'First name must be at most 100 characters': 'MyAccount.Validation.TooLong',
  'Last name must be at most 100 characters': 'MyAccount.Validation.TooLong',
  [PHONE_MESSAGE]: 'MyAccount.Validation.Phone',
  'Invalid e-mail address': 'MyAccount.Validation.Email',
  'E-mail is too long': 'MyAccount.Validation.Email',
  'Must be a date (YYYY-MM-DD)': 'MyAccount.Validation.Date',
  'Street is required': 'MyAccount.Validation.StreetRequired',
  'City is required': 'MyAccount.Validation.CityRequired',
  'Postal code is required': 'MyAccount.Validation.PostalCodeRequired',
  'Street must be at most 200 characters': 'MyAccount.Validation.TooLong',
  'City must be at most 100 characters': 'MyAccount.Validation.TooLong',
  'Postal code must be at most 20 characters': 'MyAccount.Validation.TooLong',
  'Postal code may only hold letters, digits, spaces and dashes': 'MyAccount.Validation.PostalCode',
  'Please choose a country': 'MyAccount.Validation.Country',
  'Please enter your current password to change your e-mail address': 'MyAccount.Validation.PasswordRequired',
  [`You must be at least ${MIN_SIGNUP_AGE_YEARS} years old to hold an account`]:
    'MyAccount.Validation.TooYoung',
};

export function fieldText(t: TFunction, message: string): string {
  const key = KEYS[message];
  return key ? t(key, { age: MIN_SIGNUP_AGE_YEARS }) : message;
}

/** The first message of each field of a failed parse, translated. */
export function issuesByField(t: TFunction, error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    out[field] ??= fieldText(t, issue.message);
  }
  return out;
}

/**
 * A failed save's text for the row: the translation of its code (api-client does that), or of its
 * field message when the code only says "validation".
 */
export function saveErrorText(t: TFunction, err: unknown, field?: string): string | undefined {
  if (!(err instanceof ApiRequestError)) return undefined;
  const fieldMessage = field ? err.fields?.[field] : undefined;
  if (fieldMessage && (KEYS[fieldMessage] || err.code === 'VALIDATION')) return fieldText(t, fieldMessage);
  return err.message;
}
