import { electronicFormatIBAN, friendlyFormatIBAN, ValidationErrorsIBAN, validateIBAN } from 'ibantools';
import { z } from 'zod';
import { isoDateSchema, PASSWORD_MAX } from './auth';
import { emailSchema } from './common';

/**
 * My-account calls (spec-2 §2, §3, §7): POST User/update with the changed fields only, GET/POST
 * User/address, GET/POST User/iban. IBANs are checked with ibantools (checksum, length and format
 * per country) here, so the form and the server apply the same rule.
 */
export const PROFILE_PATHS = {
  update: 'User/update',
  address: 'User/address',
  iban: 'User/iban',
} as const;

const nameSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is required` })
    .max(100, { message: `${what} must be at most 100 characters` });

export const PHONE_MESSAGE = 'Enter a phone number with its country code, e.g. +41 79 123 45 67';

/** An international number: digits with optional +, spaces, dots, dashes, brackets; 6 to 15 digits. */
export const phoneSchema = z
  .string()
  .trim()
  .max(30, { message: PHONE_MESSAGE })
  .refine((v) => /^\+?[0-9 ().-]+$/.test(v), { message: PHONE_MESSAGE })
  .refine(
    (v) => {
      const digits = v.replace(/\D/g, '').length;
      return digits >= 6 && digits <= 15;
    },
    { message: PHONE_MESSAGE },
  );

/**
 * POST User/update: only the fields that changed. An empty phone clears it. Changing the e-mail needs
 * the current password (checked by the server, which also keeps e-mails unique).
 */
export const userUpdateRequestSchema = z
  .object({
    firstName: nameSchema('First name').optional(),
    lastName: nameSchema('Last name').optional(),
    phoneNumber: z.union([z.literal('').transform(() => null), z.null(), phoneSchema]).optional(),
    email: emailSchema.optional(),
    birthDay: isoDateSchema.optional(),
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  })
  .refine(
    (v) =>
      v.firstName !== undefined ||
      v.lastName !== undefined ||
      v.phoneNumber !== undefined ||
      v.email !== undefined ||
      v.birthDay !== undefined,
    { message: 'Nothing to update', path: ['firstName'] },
  );
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;
export type UserUpdateInput = z.input<typeof userUpdateRequestSchema>;

const addressText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${what} is required` })
    .max(max, { message: `${what} must be at most ${max} characters` });

/** POST User/address (spec-2 §3 update payload). */
export const addressUpdateRequestSchema = z.object({
  street: addressText('Street', 200),
  city: addressText('City', 100),
  postalCode: addressText('Postal code', 20).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, {
    message: 'Postal code may only hold letters, digits, spaces and dashes',
  }),
  countryId: z.coerce.number({ message: 'Please choose a country' }).int().positive({
    message: 'Please choose a country',
  }),
});
export type AddressUpdateRequest = z.infer<typeof addressUpdateRequestSchema>;
export type AddressUpdateInput = z.input<typeof addressUpdateRequestSchema>;

/** GET User/address: null while the user has none. */
export const addressSchema = z.object({
  street: z.string(),
  city: z.string(),
  postalCode: z.string(),
  country: z.object({ id: z.number().int(), iso31661Alpha2Code: z.string() }),
});
export type Address = z.infer<typeof addressSchema>;

/** GET User/iban: null while the user has none. status: -1 not processed, 1 approved, 0 refused. */
export const bankAccountSchema = z.object({
  id: z.uuid(),
  iban: z.string(),
  status: z.number().int(),
  creationDate: z.string(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** Why an IBAN is refused, in the order they are reported. */
export type IbanProblem = 'required' | 'characters' | 'country' | 'length' | 'format' | 'checksum';

export const IBAN_MESSAGES: Record<IbanProblem, string> = {
  required: 'IBAN is required',
  characters: 'An IBAN holds only letters and digits (spaces are allowed)',
  country: 'This IBAN does not start with a known country code',
  length: 'This IBAN has the wrong length for its country',
  format: 'This IBAN does not have the format of its country',
  checksum: "This IBAN's check digits do not match: please look for a typo",
};

/** The IBAN in electronic format (no spaces, upper case) when it is valid, else its first problem. */
export function checkIban(input: string): { ok: true; iban: string } | { ok: false; problem: IbanProblem } {
  const trimmed = input.trim();
  if (trimmed === '') return { ok: false, problem: 'required' };
  if (!/^[A-Za-z0-9 ]+$/.test(trimmed)) return { ok: false, problem: 'characters' };
  const iban = electronicFormatIBAN(trimmed) ?? '';
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return { ok: true, iban };
  const has = (c: ValidationErrorsIBAN) => errorCodes.includes(c);
  if (has(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, problem: 'country' };
  if (has(ValidationErrorsIBAN.WrongBBANLength)) return { ok: false, problem: 'length' };
  if (has(ValidationErrorsIBAN.WrongBBANFormat)) return { ok: false, problem: 'format' };
  return { ok: false, problem: 'checksum' };
}

/** An IBAN for reading: groups of four ("CH93 0076 2011 6238 5295 7"). */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** POST User/iban. Only the shape here: the server reports the IBAN check with its own codes. */
export const ibanUpdateRequestSchema = z.object({
  iban: z
    .string()
    .trim()
    .min(1, { message: IBAN_MESSAGES.required })
    .max(50, { message: IBAN_MESSAGES.length }),
});
export type IbanUpdateRequest = z.infer<typeof ibanUpdateRequestSchema>;
