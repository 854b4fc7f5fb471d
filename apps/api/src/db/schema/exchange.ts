import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { journalEntries } from './ledger';
import { partners } from './partners';
import { assets } from './reference';
import { users } from './users';

/**
 * A guest exchange (PublicExchange, DECISIONS §4). The id (random UUID) is the guest's only key;
 * the e-mail is kept to write to the guest and is never returned by a public call. The destination
 * amount, rate and fee are fixed at creation. journal_entry_id records the ledger entry that the
 * admin's success decision will post (null until then; no money moves before). A signed-in user's
 * exchange also records who made it; that never replaces the id as the key for guests.
 */
export const guestExchanges = pgTable(
  'guest_exchanges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceAssetId: uuid('source_asset_id')
      .notNull()
      .references(() => assets.id),
    destinationAssetId: uuid('destination_asset_id')
      .notNull()
      .references(() => assets.id),
    amount: numeric('amount').notNull(),
    destinationAmount: numeric('destination_amount').notNull(),
    rate: numeric('rate').notNull(),
    fee: numeric('fee').notNull(),
    feeRate: numeric('fee_rate').notNull(),
    usdValue: numeric('usd_value').notNull(),
    /** The signed-in user who made it (their history and live room show it); null for a guest. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    email: text('email').notNull(),
    language: text('language').notNull().default('en-us'),
    /** The source's deposit address when the exchange was made (an admin may change it later). */
    depositAddress: text('deposit_address').notNull(),
    destinationAddress: text('destination_address').notNull(),
    destinationMemo: text('destination_memo'),
    senderAddress: text('sender_address'),
    refundAddress: text('refund_address'),
    status: smallint('status').notNull(),
    transactionHash: text('transaction_hash'),
    adminNotes: text('admin_notes'),
    journalEntryId: uuid('journal_entry_id').references(() => journalEntries.id),
    creationDate: timestamp('creation_date', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** What the admin saw arrive (null until recorded); a difference with `amount` needs a requote or refund. */
    amountReceived: numeric('amount_received'),
    /** The quote made at creation, kept when an admin requotes for the amount received. */
    quotedAmount: numeric('quoted_amount'),
    quotedDestinationAmount: numeric('quoted_destination_amount'),
    requotedAt: timestamp('requoted_at', { withTimezone: true }),
    /** The refund of the amount received to the guest's refund address, and its on-chain hash. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The house's outgoing transfer (payout on success, refund on failure), when the admin gives it. */
    payoutHash: text('payout_hash'),
    /**
     * The watched network its deposit is seen on (DECISIONS §10), null on a manual one. Then the
     * deposit address is the exchange's own, confirmations are counted, and `chainResolution` says
     * how it was settled once the deposits were final: at the quote, requoted, or refunded.
     */
    network: text('network'),
    depositConfirmations: integer('deposit_confirmations'),
    requiredConfirmations: integer('required_confirmations'),
    chainResolution: text('chain_resolution', { enum: ['quote', 'requote', 'refund', 'manual'] }),
    /** Why a watched exchange waits for an admin (written by the product, shown in the back office). */
    holdReason: text('hold_reason'),
    /** The state of its automatic payout or refund (the chain module's payout), for its stage. */
    payoutStatus: text('payout_status'),
    /**
     * When its success was posted in the ledger (its journal entry's time), set by a trigger
     * (migration 0020); null unless it succeeded. The admin stats count its USD value then.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A partner's exchange (DECISIONS §11): made through its API key or its widget. The commission
     * rate is the partner's when the exchange was made; the commission (in the destination asset)
     * is taken from the destination amount and credited to the partner on success.
     */
    partnerId: uuid('partner_id').references(() => partners.userId, { onDelete: 'restrict' }),
    partnerCommissionRate: numeric('partner_commission_rate'),
    partnerCommission: numeric('partner_commission'),
    /** 'variable': the rate is set when the deposit is final (partner API); null: fixed at creation. */
    rateMode: text('rate_mode', { enum: ['fixed', 'variable'] }),
    partnerQuoteId: uuid('partner_quote_id'),
  },
  (t) => [
    index('guest_exchanges_email_idx').on(t.email, t.creationDate),
    index('guest_exchanges_user_idx').on(t.userId, t.creationDate).where(sql`${t.userId} is not null`),
    // The expiry job's scan: unpaid exchanges by age.
    index('guest_exchanges_awaiting_idx').on(t.creationDate).where(sql`${t.status} = 3`),
    // The back office's lists, newest first: of one status, and of every status (decision 0029).
    index('guest_exchanges_status_date_idx').on(t.status, t.creationDate, t.id),
    index('guest_exchanges_date_idx').on(t.creationDate, t.id),
    // A partner's own exchanges, newest first (GET /api/v1/exchanges?cursor=).
    index('guest_exchanges_partner_idx')
      .on(t.partnerId, t.creationDate, t.id)
      .where(sql`${t.partnerId} is not null`),
    uniqueIndex('guest_exchanges_partner_quote_idx')
      .on(t.partnerQuoteId)
      .where(sql`${t.partnerQuoteId} is not null`),
    // The admin stats' edge hour: exchanges by when they were settled.
    index('guest_exchanges_settled_idx').on(t.settledAt).where(sql`${t.settledAt} is not null`),
    check('guest_exchanges_amount_positive', sql`${t.amount} > 0`),
    check('guest_exchanges_received_positive', sql`${t.amountReceived} is null or ${t.amountReceived} > 0`),
    check('guest_exchanges_destination_amount', sql`${t.destinationAmount} >= 0`),
    check('guest_exchanges_status_check', sql`${t.status} in (-1, 0, 1, 2, 3)`),
    check('guest_exchanges_distinct_assets', sql`${t.sourceAssetId} <> ${t.destinationAssetId}`),
    // A refund is final: a refunded exchange never succeeds (migration refund_final, with the journal rule).
    check('guest_exchanges_refund_final', sql`${t.refundedAt} is null or ${t.status} <> 1`),
  ],
);
