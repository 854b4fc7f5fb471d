import { z } from 'zod';
import { emailSchema } from './common';
import { CURRENCIES, LANGUAGE_IDS, ROLES } from './enums';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const MIN_SIGNUP_AGE_YEARS = 18;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

const nameSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is required` })
    .max(100, { message: `${what} must be at most 100 characters` });

/** An ISO date (YYYY-MM-DD) of a real day in the past. */
export const isoDateSchema = z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' });

/** Login payload. The spec names the fields Email and Password; both casings are accepted. */
export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { message: 'Password is required' }).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z.object({
  firstName: nameSchema('First name'),
  lastName: nameSchema('Last name'),
  email: emailSchema,
  birthDay: isoDateSchema,
  password: passwordSchema,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const authResponseSchema = z.object({ jwToken: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/** The signed-in user's own profile (GET User). */
export const userSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  birthDay: z.string().nullable(),
  creationDate: z.string(),
  status: z.number().int(),
  role: z.enum(ROLES),
  premium: z.boolean(),
  premiumUntil: z.string().nullable(),
  preferedLanguage: z.enum(LANGUAGE_IDS),
  preferedCurrency: z.enum(CURRENCIES),
});
export type User = z.infer<typeof userSchema>;

export const languageQuerySchema = z.object({
  lang: z.enum(LANGUAGE_IDS, { message: 'Unsupported language' }),
});
export const currencyQuerySchema = z.object({
  currency: z.enum(CURRENCIES, { message: 'Unsupported currency' }),
});

/** Ask for a reset e-mail. The answer is the same whether or not the address is known. */
export const resetPasswordRequestSchema = z.object({ email: emailSchema });

/**
 * Change a password, either with the e-mailed token (email + token) or signed in with the current
 * password. newPassword and confirmation are compared on the client; the server checks the rules.
 */
export const changePasswordRequestSchema = z
  .object({
    email: emailSchema.optional(),
    token: z.string().min(1).max(200).optional(),
    currentPassword: z.string().min(1).max(PASSWORD_MAX).optional(),
    newPassword: passwordSchema,
  })
  .refine((v) => (v.token !== undefined && v.email !== undefined) || v.currentPassword !== undefined, {
    message: 'Give the e-mail and reset token, or your current password',
    path: ['token'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
