import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES);

/** The values an error's message shows (a minimum, a ticker, seconds...), by name. */
export const errorParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** The error part of every response envelope (spec-1 §7). `error` is the user-facing message. */
export const apiErrorSchema = z.object({
  status: z.number().int(),
  statusText: z.string(),
  error: z.string(),
  /** Stable machine-readable code, e.g. `VALIDATION`, `INSUFFICIENT_FUNDS`. */
  code: z.string(),
  /** Field-level problems of a validation error, keyed by dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Values the message shows (a minimum, a ticker...), so the client can word it in its language. */
  params: errorParamsSchema.optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** `{ success: true, content, error: null }`: the success envelope around `content`. */
export function envelopeOf<T extends z.ZodType>(content: T) {
  return z.object({ success: z.literal(true), content, error: z.null() });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  content: z.null(),
  error: apiErrorSchema,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = { success: true; content: T; error: null } | ErrorEnvelope;
