import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import type { TFunction } from '../../lib/i18n';
import { fieldMessage, loginErrorKey, serverFieldErrors, serverMessage } from './messages';

// A stand-in translator that shows which key and parameters were asked for.
const t = ((key: string, params?: Record<string, unknown>) =>
  params?.min ? `${key}|${params.min}` : key) as unknown as TFunction;

const apiError = (status: number, code: string, error = 'server text', fields?: Record<string, string>) =>
  new ApiRequestError('/api/x', { status, statusText: 'x', error, code, fields });

describe('fieldMessage', () => {
  it('translates the shared schemas English messages and the server field messages', () => {
    expect(fieldMessage(t, 'Invalid e-mail address')).toBe('Auth.Validation.EmailInvalid|8');
    expect(fieldMessage(t, 'Password must be at least 8 characters')).toBe(
      'Auth.Validation.PasswordTooShort|8',
    );
    expect(fieldMessage(t, 'You must be at least 18 years old to sign up')).toBe(
      'Auth.Validation.TooYoung|8',
    );
  });
  it('translates client-only keys and keeps unknown texts as they are', () => {
    expect(fieldMessage(t, 'Auth.Validation.PasswordsDontMatch')).toBe(
      'Auth.Validation.PasswordsDontMatch|8',
    );
    expect(fieldMessage(t, 'Something new from the server')).toBe('Something new from the server');
    expect(fieldMessage(t, undefined)).toBeUndefined();
  });
});

describe('loginErrorKey', () => {
  it('maps 401, 403 and anything else (spec-1 §8)', () => {
    expect(loginErrorKey(apiError(401, 'INVALID_CREDENTIALS'))).toBe('Auth.Login.ErrorCredentials');
    expect(loginErrorKey(apiError(403, 'ACCOUNT_DISABLED'))).toBe('Auth.Login.ErrorDisabled');
    expect(loginErrorKey(apiError(500, 'INTERNAL'))).toBe('Auth.Login.ErrorUnknown');
    expect(loginErrorKey(new Error('boom'))).toBe('Auth.Login.ErrorUnknown');
  });
});

describe('serverMessage', () => {
  it('uses a translated wording for known codes, the server text otherwise', () => {
    expect(serverMessage(t, apiError(409, 'EMAIL_TAKEN'), 'F')).toBe('Auth.ServerErrors.EmailTaken|8');
    expect(serverMessage(t, apiError(400, 'SOMETHING'), 'F')).toBe('server text');
  });
  it('falls back for validation errors, 5xx and non-API errors', () => {
    expect(serverMessage(t, apiError(400, 'VALIDATION'), 'F')).toBe('F');
    expect(serverMessage(t, apiError(500, 'INTERNAL'), 'F')).toBe('F');
    expect(serverMessage(t, new Error('x'), 'F')).toBe('F');
  });
});

describe('serverFieldErrors', () => {
  it('keeps only the fields the form has', () => {
    const err = apiError(400, 'VALIDATION', 'x', { email: 'Invalid e-mail address', 'a.b': 'nope' });
    expect(serverFieldErrors(err, ['email', 'password'] as const)).toEqual([
      ['email', 'Invalid e-mail address'],
    ]);
    expect(serverFieldErrors(new Error('x'), ['email'] as const)).toEqual([]);
  });
});
