import { z } from 'zod';
import { decimalOutSchema } from './money';

/**
 * Premium (spec-2 §2, §3, §7; DECISIONS §7): a yearly subscription of LIMITS.premiumPrice in the
 * user's display currency that renews, paid on the payment gateway's hosted checkout (POST
 * User/premium/checkout, see checkout.ts). POST User/premium answers a fresh access token once the
 * gateway's webhook has started it; DELETE User/premium cancels at the period's end. GET
 * User/premium gives the current subscription (or null).
 */
export const PREMIUM_PATH = 'User/premium';

/** Luhn checksum of a card number's digits (12 to 19 of them). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY or MM/YYYY as [month, full year], or null. */
export function parseExpiry(expiry: string): [number, number] | null {
  const m = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m?.[1] || !m[2]) return null;
  return [Number(m[1]), m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])];
}

/** True when the card is still valid this month (a card expires at the end of its month). */
export function expiryInFuture(expiry: string, now = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  const [month, year] = parsed;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** Spaces and dashes people type between digit groups. */
export const cardDigits = (v: string) => v.replace(/[\s-]/g, '');

/**
 * POST User/premium no longer takes card data (DECISIONS §7): the card is typed on the gateway's
 * hosted page only (POST User/premium/checkout). It takes an empty body and answers a fresh token
 * and the subscription once the gateway's webhook has started it; any card field is refused.
 */
export const premiumPurchaseRequestSchema = z.strictObject({});
export type PremiumPurchaseRequest = z.infer<typeof premiumPurchaseRequestSchema>;

export type PremiumCardField = 'firstName' | 'lastName' | 'creditCardNumber' | 'expiracy' | 'cvc';
/** What the test gateway's hosted page takes (the only place a card number is typed). */
export type PremiumPurchaseInput = Record<PremiumCardField, string>;
export type PremiumCardProblem =
  | 'required'
  | 'cardNumberFormat'
  | 'cardNumberLuhn'
  | 'expiryFormat'
  | 'expiryPast'
  | 'cvcFormat';

/** The form's checks before anything is sent: every field's first problem, none when all is well. */
export function premiumCardProblems(
  v: PremiumPurchaseInput,
  now = new Date(),
): Partial<Record<PremiumCardField, PremiumCardProblem>> {
  const out: Partial<Record<PremiumCardField, PremiumCardProblem>> = {};
  if (!v.firstName.trim()) out.firstName = 'required';
  if (!v.lastName.trim()) out.lastName = 'required';
  const digits = cardDigits(v.creditCardNumber);
  if (!digits) out.creditCardNumber = 'required';
  else if (!/^\d{12,19}$/.test(digits)) out.creditCardNumber = 'cardNumberFormat';
  else if (!luhnValid(digits)) out.creditCardNumber = 'cardNumberLuhn';
  if (!v.expiracy.trim()) out.expiracy = 'required';
  else if (!parseExpiry(v.expiracy)) out.expiracy = 'expiryFormat';
  else if (!expiryInFuture(v.expiracy, now)) out.expiracy = 'expiryPast';
  if (!v.cvc.trim()) out.cvc = 'required';
  else if (!/^\d{3,4}$/.test(v.cvc.trim())) out.cvc = 'cvcFormat';
  return out;
}

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

export const ALREADY_PREMIUM_MESSAGE = 'You already have a premium subscription.';
export const PREMIUM_PAYMENT_IN_PROGRESS_MESSAGE =
  'A premium payment is already in progress. Please wait for it to finish.';
