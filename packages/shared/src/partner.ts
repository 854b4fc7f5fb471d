import { z } from 'zod';
import { Decimal } from './decimal';
import { DECIMAL_RE } from './decimal-string';
import { decimalOutSchema } from './money';

/**
 * Partners (DECISIONS §11): accounts an admin marks, with API keys, webhook endpoints and a
 * commission. Rates are fractions as decimal strings ("0.015" = 1.5 %), like the fee rate.
 */
export const PARTNER_LIMITS = {
  /** The highest maximum commission an admin may give a partner (5 %). */
  maxCommissionCeiling: '0.05',
  keyNameMax: 60,
  /** Active (not revoked) keys per partner. */
  maxKeys: 20,
  /** Webhook endpoints per partner. */
  maxEndpoints: 10,
  urlMax: 2048,
} as const;

export const PARTNER_KEY_SCOPES = ['read', 'exchanges'] as const;
export type PartnerKeyScope = (typeof PARTNER_KEY_SCOPES)[number];
export const PARTNER_WEBHOOK_EVENTS = ['exchange.created', 'exchange.updated'] as const;
export type PartnerWebhookEvent = (typeof PARTNER_WEBHOOK_EVENTS)[number];

export const PARTNER_ERRORS = {
  rateInvalid: 'Enter a rate between 0 and the maximum, e.g. 0.01 for 1 %.',
  commissionAboveMax: (max: string) => `The commission cannot be above your maximum (${max}).`,
  notPartner: 'This account is not a partner.',
} as const;

/** A commission rate: a fraction from 0 to the ceiling, with at most 6 decimals. */
const rateSchema = z
  .string({ message: PARTNER_ERRORS.rateInvalid })
  .trim()
  .regex(/^\d(\.\d{1,6})?$/, { message: PARTNER_ERRORS.rateInvalid })
  .refine((v) => !DECIMAL_RE.test(v) || new Decimal(v).lte(PARTNER_LIMITS.maxCommissionCeiling), {
    message: PARTNER_ERRORS.rateInvalid,
  })
  .transform((v) => new Decimal(v).toFixed());

/** POST /api/Admin/partners/{userId}: make an account a partner (or change its maximum). */
export const adminMakePartnerRequestSchema = z.object({ maxCommission: rateSchema });
export const partnerUserParamsSchema = z.object({ userId: z.uuid({ message: 'Invalid id' }) });

/** A partner as its owner and the back office see it. */
export const partnerAccountSchema = z.object({
  userId: z.uuid(),
  maxCommission: decimalOutSchema,
  /** The rate the partner chose, 0 to maxCommission, applied to its new quotes and exchanges. */
  commission: decimalOutSchema,
  createdAt: z.string(),
});
export type PartnerAccount = z.infer<typeof partnerAccountSchema>;

/** PUT /api/partner/commission. */
export const setPartnerCommissionRequestSchema = z.object({ commission: rateSchema });

/** Earnings per asset: credited on each successful exchange, movable to the partner's wallet. */
export const partnerEarningSchema = z.object({
  assetId: z.uuid(),
  ticker: z.string(),
  /** Earned and not yet moved. */
  available: decimalOutSchema,
  /** Earned in all. */
  total: decimalOutSchema,
});
export const partnerEarningsSchema = z.array(partnerEarningSchema);
/** POST /api/partner/earnings/withdraw: moves the available earnings of one asset to the wallet. */
export const partnerWithdrawRequestSchema = z.object({ assetId: z.uuid({ message: 'Invalid id' }) });
/** Its answer: the amount moved to the wallet, in one journal entry (the withdrawal's id). */
export const partnerWithdrawResponseSchema = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  amount: decimalOutSchema,
});

const keyNameSchema = z
  .string({ message: 'Name the key' })
  .trim()
  .min(1, { message: 'Name the key' })
  .max(PARTNER_LIMITS.keyNameMax, { message: `At most ${PARTNER_LIMITS.keyNameMax} characters` });

/** POST /api/partner/keys: answers the key once; only its hash is kept. */
export const createPartnerKeyRequestSchema = z.object({
  name: keyNameSchema,
  scopes: z
    .array(z.enum(PARTNER_KEY_SCOPES, { message: 'Unknown scope' }))
    .min(1, { message: 'Choose at least one scope' })
    .max(PARTNER_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { message: 'A scope is listed twice' }),
});
export const createPartnerKeyResponseSchema = z.object({ id: z.uuid(), key: z.string() });
/** GET /api/partner/keys: by prefix only, never the key. */
export const partnerKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(PARTNER_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export const partnerKeysSchema = z.array(partnerKeySchema);
export const partnerIdParamsSchema = z.object({ id: z.uuid({ message: 'Invalid id' }) });
/** GET /api/v1/key: the API key making the call (to check a key and its scopes). */
export const partnerKeyCallerSchema = z.object({
  partnerId: z.uuid(),
  keyId: z.uuid(),
  scopes: z.array(z.enum(PARTNER_KEY_SCOPES)),
});

/** POST /api/partner/webhooks: answers the signing secret once. */
export const createPartnerWebhookRequestSchema = z.object({
  url: z
    .string({ message: 'Enter the endpoint address' })
    .trim()
    .max(PARTNER_LIMITS.urlMax, { message: `At most ${PARTNER_LIMITS.urlMax} characters` })
    .url({ message: 'Enter a full address, e.g. https://example.com/hooks' }),
  events: z
    .array(z.enum(PARTNER_WEBHOOK_EVENTS, { message: 'Unknown event' }))
    .min(1, { message: 'Choose at least one event' })
    .max(PARTNER_WEBHOOK_EVENTS.length)
    .refine((s) => new Set(s).size === s.length, { message: 'An event is listed twice' }),
});
export const createPartnerWebhookResponseSchema = z.object({ id: z.uuid(), secret: z.string() });
/** POST /api/partner/webhooks/{id}/rotate: a new secret, shown once. */
export const rotatePartnerWebhookResponseSchema = z.object({ secret: z.string() });
export const partnerWebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(PARTNER_WEBHOOK_EVENTS)),
  createdAt: z.string(),
  /** Since when every delivery failed (null while it answers); disabled after a day of failures. */
  failingSince: z.string().nullable(),
  disabledAt: z.string().nullable(),
});
export const partnerWebhooksSchema = z.array(partnerWebhookSchema);

export const PARTNER_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** GET /api/partner/webhooks/deliveries: the delivery log, newest first. */
export const partnerDeliverySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  endpointId: z.uuid(),
  url: z.string(),
  type: z.enum(PARTNER_WEBHOOK_EVENTS),
  exchangeId: z.uuid(),
  status: z.enum(PARTNER_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export const partnerDeliveriesSchema = z.object({
  items: z.array(partnerDeliverySchema),
  nextCursor: z.string().nullable(),
});

/** The admin's partner list (GET /api/Admin/partners): volume and earnings per partner. */
export const adminPartnerSchema = partnerAccountSchema.extend({
  email: z.string(),
  exchanges: z.number().int(),
  successfulExchanges: z.number().int(),
  /** USD value of its successful exchanges. */
  volumeUsd: decimalOutSchema,
  /** USD value of the commissions it earned. */
  earningsUsd: decimalOutSchema,
});
export const adminPartnersSchema = z.array(adminPartnerSchema);

/** The signature header of every webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const PARTNER_SIGNATURE_HEADER = 'Vaultline-Signature';

/** GET /api/widget/partners/{id} (public): the partner's rate, for the widget's live estimate. */
export const widgetPartnerSchema = z.object({ commission: decimalOutSchema });
export type WidgetPartner = z.infer<typeof widgetPartnerSchema>;
