import { z } from 'zod';
import { emailSchema, languageSchema } from './common';

/** spec-1 §5: at most 64 characters before the at sign (and 254 in total, checked by emailSchema). */
export const NEWSLETTER_LOCAL_PART_MAX = 64;

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
