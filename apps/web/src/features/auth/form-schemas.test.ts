import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, isOfAge, PASSWORDS_DONT_MATCH, signupFormSchema } from './form-schemas';

describe('isOfAge', () => {
  const today = new Date('2026-11-22T12:00:00Z');
  it('is true from the 18th birthday on', () => {
    expect(isOfAge('2008-11-22', today)).toBe(true);
    expect(isOfAge('2008-11-23', today)).toBe(false);
    expect(isOfAge('1970-01-01', today)).toBe(true);
  });
});

describe('signupFormSchema', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    birthDay: '1990-05-01',
    password: 'long-enough',
  };
  it('accepts a complete adult sign-up', () => {
    expect(signupFormSchema.safeParse(valid).success).toBe(true);
  });
  it('refuses a minor with the translated key', () => {
    const r = signupFormSchema.safeParse({ ...valid, birthDay: new Date().toISOString().slice(0, 10) });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Auth.Validation.TooYoung']);
  });
});

describe('changePasswordFormSchema', () => {
  const mismatch = (r: ReturnType<ReturnType<typeof changePasswordFormSchema>['safeParse']>) =>
    r.error?.issues.some((i) => i.message === PASSWORDS_DONT_MATCH && i.path[0] === 'confirmPassword') ??
    false;

  it('needs equal, non-blank passwords', () => {
    const s = changePasswordFormSchema('reset', false);
    expect(s.safeParse({ newPassword: 'new-password-1', confirmPassword: 'new-password-1' }).success).toBe(
      true,
    );
    expect(mismatch(s.safeParse({ newPassword: 'new-password-1', confirmPassword: 'new-password-2' }))).toBe(
      true,
    );
    expect(mismatch(s.safeParse({ newPassword: '', confirmPassword: '' }))).toBe(true);
    expect(mismatch(s.safeParse({ newPassword: '        ', confirmPassword: '        ' }))).toBe(true);
  });
  it('asks the e-mail only when it is not known, the current password only when signed in', () => {
    const pw = { newPassword: 'new-password-1', confirmPassword: 'new-password-1' };
    expect(changePasswordFormSchema('reset', true).safeParse(pw).success).toBe(false);
    expect(changePasswordFormSchema('reset', true).safeParse({ ...pw, email: 'a@b.co' }).success).toBe(true);
    expect(changePasswordFormSchema('signed-in', false).safeParse(pw).success).toBe(false);
    expect(
      changePasswordFormSchema('signed-in', false).safeParse({ ...pw, currentPassword: 'x' }).success,
    ).toBe(true);
  });
});
