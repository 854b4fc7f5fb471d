import { z } from 'zod';
import { EXCHANGE_STAGES, TransactionStatus } from './enums';
import { FEED_WATCH_MAX } from './feed';

const statuses = Object.values(TransactionStatus) as number[];

/**
 * The only thing the feed ever pushes: a transaction's progress. Strict, so a caller cannot slip in
 * another field (an e-mail, a user id, amounts); the server also masks e-mail-like text in notes.
 */
export const feedUpdateSchema = z.strictObject({
  id: z.uuid(),
  status: z
    .number()
    .int()
    .refine((s) => statuses.includes(s), 'Unknown status'),
  adminNotes: z.string().max(2000).nullable(),
  transactionHash: z
    .string()
    .max(200)
    .regex(/^[^\s@]*$/, 'Invalid transaction hash')
    .nullable(),
  /** ISO time of the change on the server (the merge rule drops older notes and hash). */
  updatedAt: z.iso.datetime({ offset: true }),
  /** Watched networks (DECISIONS §10): the deposit's confirmations, the stage and the payout hash. */
  depositConfirmations: z.number().int().min(0).nullable().optional(),
  requiredConfirmations: z.number().int().min(0).nullable().optional(),
  stage: z.enum(EXCHANGE_STAGES).nullable().optional(),
  payoutHash: z
    .string()
    .max(200)
    .regex(/^[^\s@]*$/, 'Invalid transaction hash')
    .nullable()
    .optional(),
});
export type FeedUpdate = z.infer<typeof feedUpdateSchema>;

/** Body of the client's `watch` message: the exchange ids it holds (replaces any earlier list). */
export const feedWatchSchema = z.array(z.uuid()).max(FEED_WATCH_MAX);

/**
 * The one event every connection gets (DECISIONS §3: a new minimum is pushed live to every open
 * page): the public settings a page computes with, exactly as GET settings gives them. Nothing
 * about any person; strict, so nothing else can be added. Decision 0019.
 */
export const feedSettingsSchema = z.strictObject({
  minimumTransactionAmount: z.string().regex(/^\d+(\.\d+)?$/),
  feeRate: z.string().regex(/^\d+(\.\d+)?$/),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
