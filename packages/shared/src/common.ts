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
/** GET health/live and health/ready: what was checked and whether it answered. */
export const healthSchema = z.object({
  status: z.literal('ok'),
  /** Which instance answered (INSTANCE_NAME), for operators behind a load balancer. */
  instance: z.string(),
  checks: z.record(z.string(), z.boolean()),
});

export const countrySchema = z.object({
  id: z.number().int(),
  iso31661Alpha2Code: z.string().length(2),
  names: z.object({ 'en-us': z.string(), 'fr-fr': z.string(), 'de-de': z.string(), 'ru-ru': z.string() }),
});
export type Country = z.infer<typeof countrySchema>;

/** A partner the operator names on the home page (DECISIONS §9: no claim that is not real). */
export const partnerSchema = z.object({
  name: z.string().trim().min(1, { message: 'A partner needs a name' }).max(60),
  /** Its site, http(s) only (rendered as a link). */
  url: z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain, message: 'Must be an http(s) address' })
    .max(300)
    .optional(),
});
export type Partner = z.infer<typeof partnerSchema>;
export const PARTNERS_MAX = 24;
export const partnersSchema = z.array(partnerSchema).max(PARTNERS_MAX);

export const publicSettingsSchema = z.object({
  minimumTransactionAmount: z.string(),
  chatWidgetKey: z.string().nullable(),
  feeRate: z.string(),
  /** The home page's partner strip; empty (the default) hides it. */
  partners: partnersSchema,
  /** How long a price lock lives (the server's LOCK_TTL_SECONDS), for texts that say it. */
  lockTtlSeconds: z.number().int().positive(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
