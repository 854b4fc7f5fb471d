import { z } from 'zod';
import { noControls } from './admin';
import { uuidSchema } from './common';
import { decimalOutSchema } from './money';

/**
 * Spending holds (decision 0038): what a user owes the house because a card payment was taken back
 * outside the app after the money was spent. While one is open the user can spend nothing; the back
 * office lists them (GET Admin/spending-holds) and clears one once the debt is settled or written off
 * (POST Admin/spending-holds/{id}/clear).
 */
export const SPENDING_HOLD_REASONS = ['card_dispute', 'card_refund'] as const;

export const spendingHoldSchema = z.object({
  id: uuidSchema,
  userId: uuidSchema,
  /** The user who owes it, for the back office (admins only). */
  user: z.object({ email: z.string(), firstName: z.string(), lastName: z.string() }),
  amount: decimalOutSchema,
  ticker: z.string(),
  reason: z.enum(SPENDING_HOLD_REASONS),
  createdAt: z.string(),
  clearedAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type SpendingHold = z.infer<typeof spendingHoldSchema>;

export const spendingHoldsQuerySchema = z.object({
  userId: uuidSchema.optional(),
  /** Only the holds not cleared yet (the default). */
  open: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export const clearSpendingHoldSchema = z.strictObject({
  /** How the debt was settled (or why it is written off): kept with the hold and in the audit log. */
  note: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine(...noControls),
});
