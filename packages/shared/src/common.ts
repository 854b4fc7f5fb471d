import { z } from 'zod';
import { CURRENCIES, LANGUAGE_IDS } from './enums';

export const uuidSchema = z.uuid({ message: 'Invalid id' });
export const languageSchema = z.enum(LANGUAGE_IDS, { message: 'Unsupported language' });
export const currencySchema = z.enum(CURRENCIES, { message: 'Unsupported currency' });
/** A decimal amount as a string: digits, an optional fraction, no sign, no exponent. */
export const decimalStringSchema = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,30})?$/, { message: 'Must be a positive decimal number' });
export const emailSchema = z
  .string()
  .trim()
  .max(254, { message: 'E-mail is too long' })
  .email({ message: 'Invalid e-mail address' })
  .transform((v) => v.toLowerCase());

export const pingSchema = z.object({ status: z.literal('ok'), time: z.string() });

export const countrySchema = z.object({
  id: z.number().int(),
  iso31661Alpha2Code: z.string().length(2),
  names: z.object({ 'en-us': z.string(), 'fr-fr': z.string(), 'de-de': z.string(), 'ru-ru': z.string() }),
});
export type Country = z.infer<typeof countrySchema>;

export const publicSettingsSchema = z.object({
  minimumTransactionAmount: z.string(),
  chatWidgetKey: z.string().nullable(),
  feeRate: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
