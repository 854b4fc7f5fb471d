import { z } from 'zod';
import { adminKeysetPageOf, adminKeysetPageQuerySchema } from './admin';
import { uuidSchema } from './common';
import { decimalOutSchema, positiveAmountSchema } from './money';

/**
 * Card payments on the gateway's hosted checkout (DECISIONS §7). The app asks for a checkout, sends
 * the browser to `url`, and learns the outcome from the gateway's signed webhook only. The return
 * page reads the checkout's state (GET checkout) until the webhook has landed.
 *
 * Paths under /api. User: premium POST (premium for a year), card POST {assetId, amount} (a fiat
 * deposit), status GET, cancel POST (the user came back without paying), receipts GET, portal POST
 * (the gateway's page for the saved card). Admin: refundDeposit POST, premiumPayments GET,
 * refundPremium POST. Webhooks: stripe and test-gateway POST (the gateway's signature required).
 */
export const CHECKOUT_PATHS = {
  premium: '/User/premium/checkout',
  card: '/Payment/card/checkout',
  status: (id: string) => `/Payment/checkout/${encodeURIComponent(id)}`,
  cancel: (id: string) => `/Payment/checkout/${encodeURIComponent(id)}/cancel`,
  receipts: '/User/premium/receipts',
  portal: '/User/premium/portal',
  refundDeposit: (id: string) => `/Admin/deposits/${encodeURIComponent(id)}/refund`,
  premiumPayments: '/Admin/premium/payments',
  refundPremium: (id: string) => `/Admin/premium/payments/${encodeURIComponent(id)}/refund`,
  stripeWebhook: '/webhooks/stripe',
  testGatewayWebhook: '/webhooks/test-gateway',
} as const;

/** The web page the gateway sends the browser back to: `?id=<checkout id>` (and `&cancelled=1`). */
export const CHECKOUT_RETURN_PAGE = '/payment/return';

/** POST Payment/card/checkout: a card deposit of `amount` in the fiat asset `assetId`. */
export const cardCheckoutRequestSchema = z.strictObject({
  assetId: uuidSchema,
  amount: positiveAmountSchema,
});
export type CardCheckoutRequest = z.infer<typeof cardCheckoutRequestSchema>;

/** Both checkout calls answer the hosted page to send the browser to. */
export const checkoutUrlSchema = z.object({ url: z.string() });
export type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

export const CHECKOUT_PURPOSES = ['premium', 'deposit'] as const;
/**
 * processing: the gateway's word has not arrived yet; succeeded: paid (the deposit is credited or
 * premium has started); declined: the card was refused (message says why); cancelled: the user left
 * the hosted page without paying, or it expired.
 */
export const CHECKOUT_STATES = ['processing', 'succeeded', 'declined', 'cancelled'] as const;
export type CheckoutState = (typeof CHECKOUT_STATES)[number];

export const checkoutIdParamsSchema = z.object({ id: uuidSchema });

export const checkoutStatusSchema = z.object({
  id: uuidSchema,
  purpose: z.enum(CHECKOUT_PURPOSES),
  status: z.enum(CHECKOUT_STATES),
  amount: decimalOutSchema,
  currency: z.string(),
  /** The gateway's reason for a decline, else null. */
  message: z.string().nullable(),
  /** The card deposit this checkout pays (purpose deposit), else null. */
  depositId: uuidSchema.nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

/** A premium payment (the first year or a renewal): what a receipt shows. */
export const premiumReceiptSchema = z.object({
  id: uuidSchema,
  paidAt: z.string(),
  amount: decimalOutSchema,
  currency: z.string(),
  cardLast4: z.string().nullable(),
  cardBrand: z.string().nullable(),
  /** When it was refunded, else null. */
  refundedAt: z.string().nullable(),
});
export type PremiumReceipt = z.infer<typeof premiumReceiptSchema>;
export const premiumReceiptsSchema = z.array(premiumReceiptSchema);

/** Back office: a premium payment with its payer. */
export const adminPremiumPaymentSchema = premiumReceiptSchema.extend({
  user: z.object({ id: uuidSchema, firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminPremiumPayment = z.infer<typeof adminPremiumPaymentSchema>;
export const adminPremiumPaymentsQuerySchema = adminKeysetPageQuerySchema;
export const adminPremiumPaymentsPageSchema = adminKeysetPageOf(adminPremiumPaymentSchema);
export type AdminPremiumPaymentsPage = z.infer<typeof adminPremiumPaymentsPageSchema>;

export const CHECKOUT_ERRORS = {
  checkoutNotFound: 'Payment not found.',
  gatewayUnavailable: 'The payment service could not be reached. Please try again in a moment.',
  cardDataRefused:
    'Card details are not accepted here: you pay on the payment page, which keeps your card off our servers.',
  notPremium: 'You do not have an active premium subscription.',
  noPortal: 'There is no saved card to manage yet.',
  refundNotCard: 'Only a card deposit can be refunded.',
  refundNotCredited: 'Only a credited deposit can be refunded.',
  alreadyRefunded: 'This payment has already been refunded.',
  refundSpent: (available: string, ticker: string) =>
    `The money has already been used: the wallet holds only ${available} ${ticker}. Nothing was refunded.`,
  refundFailed: 'The payment service refused the refund. Nothing was changed.',
  paymentNotFound: 'Payment not found.',
} as const;
