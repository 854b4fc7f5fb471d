import { z } from 'zod';
import { decimalOutSchema } from './money';

/**
 * Premium (spec-2 §2, §3, §7; DECISIONS §7): a yearly subscription at the server's price (decision
 * 0039: a price per currency, never 49 relabelled in the display currency) that renews, paid on the payment gateway's hosted checkout (POST
 * User/premium/checkout, see checkout.ts). POST User/premium answers a fresh access token once the
 * gateway's webhook has started it; DELETE User/premium cancels at the period's end. GET
 * User/premium gives the current subscription (or null).
 */
export const PREMIUM_PATH = 'User/premium';

/**
 * POST User/premium no longer takes card data (DECISIONS §7): the card is typed on the gateway's
 * hosted page only (POST User/premium/checkout). It takes an empty body and answers a fresh token
 * and the subscription once the gateway's webhook has started it; any card field is refused.
 */
export const premiumPurchaseRequestSchema = z.strictObject({});
export type PremiumPurchaseRequest = z.infer<typeof premiumPurchaseRequestSchema>;

/**
 * active: paid for the period under way (renews unless cancelAtPeriodEnd); past_due: a renewal
 * failed, premium lasts until graceUntil while the gateway retries; cancelled: ended.
 */
export const PREMIUM_SUBSCRIPTION_STATUSES = ['active', 'past_due', 'cancelled'] as const;

/** A premium subscription: the card's last 4 digits and brand only. */
export const premiumSubscriptionSchema = z.object({
  id: z.uuid(),
  status: z.enum(PREMIUM_SUBSCRIPTION_STATUSES),
  startDate: z.string(),
  renewalDate: z.string(),
  amount: decimalOutSchema,
  currency: z.string(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Cancelled by the user: premium lasts until renewalDate, then ends without a renewal. */
  cancelAtPeriodEnd: z.boolean(),
  /** past_due: premium lasts until then unless a retry succeeds. */
  graceUntil: z.string().nullable(),
});
export type PremiumSubscription = z.infer<typeof premiumSubscriptionSchema>;

/** POST User/premium: the new access token (premium claim true) and the subscription. */
export const premiumPurchaseResultSchema = z.object({
  jwToken: z.string(),
  subscription: premiumSubscriptionSchema,
});
export type PremiumPurchaseResult = z.infer<typeof premiumPurchaseResultSchema>;

/**
 * DELETE User/premium: cancels at the end of the period paid (DECISIONS §7); the new access token
 * keeps the premium claim until then.
 */
export const premiumCancelResultSchema = z.object({ jwToken: z.string() });
export type PremiumCancelResult = z.infer<typeof premiumCancelResultSchema>;

/**
 * GET Premium/price (decision 0039): the yearly price the caller would be charged, in the currency
 * the gateway charges it (the server's price table, PREMIUM_PRICES): what every screen shows.
 */
export const PREMIUM_PRICE_PATH = 'Premium/price';
export const premiumPriceSchema = z.object({ amount: decimalOutSchema, currency: z.string() });
export type PremiumPriceView = z.infer<typeof premiumPriceSchema>;

export const ALREADY_PREMIUM_MESSAGE = 'You already have a premium subscription.';
export const PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE =
  'A premium payment is already in progress. Please wait for it to finish.';
