import { z } from 'zod';
import { adminPageOf, adminPageQuerySchema, noControls } from './admin';
import { uuidSchema } from './common';

/** The back office's audit log (GET Admin/auditLog): what each admin changed, before and after. */
/** Every admin change writes one audit row, in the same transaction as the change. */
export const AUDIT_ACTIONS = [
  'user.status',
  'bankAccount.status',
  'wallet.address',
  'setting.minimumTransactionAmount',
  'setting.chatWidgetKey',
  'setting.feeRate',
  'deposit.approve',
  'deposit.reject',
  'exchange.status',
  'exchange.received',
  'exchange.requote',
  'exchange.refund',
  'payout.send',
  'payout.retry',
  'payout.cancel',
  'payout.redirect',
  'payout.paidFound',
  'payout.bump',
  'chainDeposit.refund',
  'chain.operatorTransfer',
  'chain.sweepBuilt',
  'chain.sweepBroadcast',
  'chain.sweepRebroadcast',
  'chain.sweepAbandoned',
  'deposit.refund',
  'premiumPayment.refund',
  'deposit.reversal',
  'premiumPayment.reversal',
  'spendingHold.clear',
  'partner.maxCommission',
  // An admin's own second factor (issue 30), and an admin resetting a user's factors.
  'twoFactor.added',
  'twoFactor.removed',
  'twoFactor.recoveryCodeUsed',
  'twoFactor.newDevice',
  'user.twoFactorReset',
  // Withdrawals (issue 31): the review, the per-asset rules, the SEPA batches.
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.failed',
  'withdrawalRule.update',
  'sepaBatch.create',
  'sepaBatch.paid',
  // Withdrawals (decision 0054).
  'withdrawal.sent',
  // Written by the system (no admin): a UTXO payout batch that can never be mined ended failed.
  'payoutBatch.failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_TARGETS = [
  'user',
  'bankAccount',
  'wallet',
  'setting',
  'deposit',
  'exchange',
  'payout',
  'chainDeposit',
  'network',
  'premiumPayment',
  'spendingHold',
  'withdrawal',
  'withdrawalRule',
  'sepaBatch',
  'payoutBatch',
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];

export const auditLogQuerySchema = adminPageQuerySchema.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  targetId: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine(...noControls)
    .optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

const auditValueSchema = z.record(z.string(), z.unknown()).nullable();
export const auditEntrySchema = z.object({
  id: uuidSchema,
  at: z.string(),
  /** Null: the system wrote it (a job's action, no admin: SYSTEM_ACTOR in the audit module). */
  actor: z
    .object({ id: uuidSchema, firstName: z.string(), lastName: z.string(), email: z.string() })
    .nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGETS),
  targetId: z.string(),
  before: auditValueSchema,
  after: auditValueSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditLogPageSchema = adminPageOf(auditEntrySchema);
