import { z } from 'zod';
import { emailSchema, languageSchema } from './common';
import { LIMITS, NEWSLETTER_LOCAL_PART_MAX } from './enums';

/** Footer newsletter box: POST newsletter. Idempotent: signing up twice keeps one subscription. */
export const newsletterRequestSchema = z.object({
  email: emailSchema.refine((v) => (v.split('@')[0] ?? '').length <= NEWSLETTER_LOCAL_PART_MAX, {
    message: `The part before @ must be at most ${NEWSLETTER_LOCAL_PART_MAX} characters`,
  }),
  language: languageSchema.optional(),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.object({ email: z.string(), subscribed: z.literal(true) });
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/**
 * Contact form (DECISIONS §9: it stores what is sent). Bounds keep one message small enough to store
 * and read; the texts are English, the web client translates them (features/content).
 */
export const CONTACT_LIMITS = {
  fullNameMax: 100,
  phoneMax: 32,
  /** Digits a phone number needs at least (the rest may be spaces, +, -, dots and brackets). */
  phoneMinDigits: 6,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_MESSAGES = {
  fullNameRequired: 'Full name is required',
  fullNameTooLong: `Full name must be at most ${CONTACT_LIMITS.fullNameMax} characters`,
  phoneInvalid: 'Phone number is not valid',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.messageMax} characters`,
  noControlCharacters: 'Must not contain control characters',
} as const;

// NUL and other C0 controls (tab and line breaks allowed): PostgreSQL refuses NUL in text, so it
// must be a 400 here rather than a 500 at the insert.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControls = (v: string) => !CONTROL_CHARS.test(v);

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;

/** POST Contact: a message from the contact page. Phone is optional (empty means none). */
export const contactRequestSchema = z.object({
  fullName: z
    .string({ error: CONTACT_MESSAGES.fullNameRequired })
    .trim()
    .min(1, { message: CONTACT_MESSAGES.fullNameRequired })
    .max(CONTACT_LIMITS.fullNameMax, { message: CONTACT_MESSAGES.fullNameTooLong })
    .refine(noControls, { message: CONTACT_MESSAGES.noControlCharacters }),
  email: emailSchema,
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phoneMax, { message: CONTACT_MESSAGES.phoneInvalid })
    .refine(
      (v) =>
        v === '' || (PHONE_PATTERN.test(v) && (v.match(/\d/g)?.length ?? 0) >= CONTACT_LIMITS.phoneMinDigits),
      { message: CONTACT_MESSAGES.phoneInvalid },
    )
    .optional()
    .transform((v) => v || null),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(CONTACT_LIMITS.messageMin, { message: CONTACT_MESSAGES.messageTooShort })
    .max(CONTACT_LIMITS.messageMax, { message: CONTACT_MESSAGES.messageTooLong })
    .refine(noControls, { message: CONTACT_MESSAGES.noControlCharacters }),
  language: languageSchema.optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;
export type ContactFormInput = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: z.uuid(), received: z.literal(true) });
export type ContactResponse = z.infer<typeof contactResponseSchema>;

/** GET Contact: the address the contact page shows; null when the operator set none. */
export const contactInfoSchema = z.object({ email: z.string().nullable() });
export type ContactInfo = z.infer<typeof contactInfoSchema>;

/** GET Admin/contactMessages: newest first, one page at a time. */
export const CONTACT_MESSAGES_MAX_PAGE_SIZE = 50;
export const contactMessagesQuerySchema = z.object({
  page: z.coerce
    .number()
    .int()
    .min(1, { message: 'Page numbers start at 1' })
    .max(1_000_000, { message: 'Page number is too large' })
    .default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(CONTACT_MESSAGES_MAX_PAGE_SIZE, { message: `At most ${CONTACT_MESSAGES_MAX_PAGE_SIZE} per page` })
    .default(LIMITS.adminPageSize),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuerySchema>;

export const contactMessageSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string(),
  language: z.string(),
  /** The signed-in sender's account, when there was one. */
  userId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactMessagesPageSchema = z.object({
  items: z.array(contactMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ContactMessagesPage = z.infer<typeof contactMessagesPageSchema>;
