import { z } from 'zod';
import { uuidSchema } from './common';
import { decimalOutSchema } from './money';
import {
  adminWithdrawalPageSchema,
  adminWithdrawalSchema,
  sepaBatchSchema,
  withdrawalRuleSchema,
} from './withdrawals';

/**
 * The back office's withdrawal pages beyond the list (issue 31 points 6 and 7): one withdrawal with
 * the user's recent activity, the per-asset rules, the SEPA batches.
 */

/** One recent row of the user's activity, a few of each kind beside a withdrawal in review. */
export const adminRecentActivitySchema = z.object({
  id: uuidSchema,
  ticker: z.string(),
  amount: decimalOutSchema,
  /** Conversions: the asset received and its amount. */
  toTicker: z.string().nullable(),
  toAmount: decimalOutSchema.nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type AdminRecentActivity = z.infer<typeof adminRecentActivitySchema>;

/** GET /api/Admin/withdrawals/{id} */
export const adminWithdrawalDetailSchema = adminWithdrawalSchema.extend({
  recent: z.object({
    deposits: z.array(adminRecentActivitySchema),
    conversions: z.array(adminRecentActivitySchema),
    withdrawals: z.array(adminRecentActivitySchema),
  }),
});
export type AdminWithdrawalDetail = z.infer<typeof adminWithdrawalDetailSchema>;

/** How many rows of each kind the detail shows. */
export const ADMIN_RECENT_ROWS = 5;

/** The list counts its rows up to this many (the same cost at a million rows); beyond, `totalCapped`. */
export const ADMIN_WITHDRAWAL_COUNT_CAP = 10_000;

export const adminWithdrawalIdParamsSchema = z.object({ id: uuidSchema });
export const adminWithdrawalRuleParamsSchema = z.object({ assetId: uuidSchema });
export const adminSepaBatchParamsSchema = z.object({ id: uuidSchema });

/** GET /api/Admin/withdrawals/rules: every enabled asset (an asset without a row: open, no fee, no minimum). */
export const withdrawalRuleListSchema = z.object({ items: z.array(withdrawalRuleSchema) });

/** GET /api/Admin/withdrawals/sepa-batches: newest first. */
export const sepaBatchListSchema = z.object({ items: z.array(sepaBatchSchema) });

export const ADMIN_WITHDRAWAL_ERRORS = {
  /** 404 SEPA_BATCH_NOT_FOUND */
  batchNotFound: 'SEPA batch not found.',
  /** 409 SEPA_BATCH_PAID */
  batchPaid: 'This SEPA batch is already marked paid.',
  /** 404 ASSET_NOT_FOUND (rules of an asset that is not enabled) */
  assetNotFound: 'Asset not found.',
} as const;

/** GET /api/Admin/withdrawals: a keyset page; `total` counts up to the cap, `totalCapped` past it. */
export const adminWithdrawalListSchema = adminWithdrawalPageSchema.extend({ totalCapped: z.boolean() });
