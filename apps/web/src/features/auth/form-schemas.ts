import {
  emailSchema,
  loginRequestSchema,
  MIN_SIGNUP_AGE_YEARS,
  PASSWORD_MAX,
  passwordSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
} from '@vaultline/shared';
import { z } from 'zod';

/** Client-only rules carry an `Auth.` translation key as their message (see messages.ts). */
export const loginFormSchema = loginRequestSchema;
export type LoginFormInput = z.input<typeof loginFormSchema>;

/** Whether someone born on `birthDay` (YYYY-MM-DD) is of age on `today` (same rule as the server). */
export function isOfAge(birthDay: string, today = new Date()): boolean {
  // Not a date yet: the date rule reports it, not this one.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDay)) return true;
  const [y, m, d] = birthDay.split('-').map(Number) as [number, number, number];
  const comingOfAge = new Date(Date.UTC(y + MIN_SIGNUP_AGE_YEARS, m - 1, d)).toISOString().slice(0, 10);
  return comingOfAge <= today.toISOString().slice(0, 10);
}

export const signupFormSchema = signupRequestSchema.extend({
  birthDay: signupRequestSchema.shape.birthDay.refine((v) => isOfAge(v), {
    message: 'Auth.Validation.TooYoung',
  }),
});
export type SignupFormInput = z.input<typeof signupFormSchema>;

export const forgotPasswordFormSchema = resetPasswordRequestSchema;
export type ForgotPasswordFormInput = z.input<typeof forgotPasswordFormSchema>;

/**
 * Change password: `reset` with the e-mailed token (asks the e-mail unless it is known), `signed-in`
 * without a token (asks the current password). New and confirm must match and not be blank.
 */
export type ChangePasswordMode = 'reset' | 'signed-in';

export const PASSWORDS_DONT_MATCH = 'Auth.Validation.PasswordsDontMatch';

export function changePasswordFormSchema(mode: ChangePasswordMode, askEmail: boolean) {
  return z
    .object({
      email: askEmail ? emailSchema : z.string().optional(),
      currentPassword:
        mode === 'signed-in'
          ? z.string().min(1, { message: 'Password is required' }).max(PASSWORD_MAX)
          : z.string().optional(),
      newPassword: passwordSchema,
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword.trim() !== '' && v.newPassword === v.confirmPassword, {
      message: PASSWORDS_DONT_MATCH,
      path: ['confirmPassword'],
      when: () => true,
    });
}
export type ChangePasswordFormInput = z.input<ReturnType<typeof changePasswordFormSchema>>;
