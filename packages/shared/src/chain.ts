import { z } from 'zod';
import { adminPageOf, adminPageQuerySchema } from './admin';
import { uuidSchema } from './common';
import { decimalOutSchema, positiveAmountSchema } from './money';

/**
 * Watched networks (DECISIONS §10): where a network's node is configured, deposits are seen and
 * payouts sent by the product. These are the back office's views of it and the stages a guest sees.
 */

/**
 * A payout's states. blocked: the network refuses it as it stands (its fee estimate reverts: a
 * contract that refuses coins, an address the token blocks); nothing was signed, an admin cancels,
 * redirects or sends it again. cancelled: an admin ended it before anything was signed (or after it
 * failed on chain, once the hot wallet was checked not to have paid it); an end state, like
 * confirmed and failed.
 */
export const PAYOUT_STATUSES = [
  'approval',
  'queued',
  'funds',
  'blocked',
  'signed',
  'sent',
  'mined',
  'confirmed',
  'failed',
  'cancelled',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_PURPOSES = [
  'exchange_payout',
  'exchange_refund',
  'deposit_refund',
  'withdrawal',
] as const;

/** The back office's payout queue, in five views. */
export const PAYOUT_VIEWS = {
  waiting: ['approval', 'queued', 'funds', 'blocked'],
  sent: ['signed', 'sent', 'mined'],
  confirmed: ['confirmed'],
  failed: ['failed'],
  cancelled: ['cancelled'],
} as const satisfies Record<string, readonly PayoutStatus[]>;
export type PayoutView = keyof typeof PAYOUT_VIEWS;
/** Where an admin may still end a payout: nothing signed, or failed on chain (never mined since). */
export const PAYOUT_CANCELLABLE = ['approval', 'queued', 'funds', 'blocked', 'failed'] as const;

/**
 * Why the product left a watched exchange (or a transfer to it) to an admin: a code the back office
 * words in each language. pricesStale: no fresh price to requote it; noRefundAddress: it must be
 * refunded and the guest gave no address; manualPayout / manualRefund: that network has no hot
 * wallet, so an admin sends it by hand; payoutFailed: the payout failed on chain (Retry in
 * Networks); afterSettlement: a transfer after the exchange was settled; wrongAsset: another asset
 * than the exchange's was sent to its address; payoutCancelled: an admin cancelled its payout or
 * refund (in Networks), so an admin decides it again (requote or refund); dust: a transfer below its
 * asset's dust threshold (`NET_DUST`, `NET_USDT_DUST`), recorded and held, never credited, refunded
 * or paid out by itself (it stays at the deposit address, which the operator sweeps).
 */
export const HOLD_REASONS = [
  'pricesStale',
  'noRefundAddress',
  'manualPayout',
  'manualRefund',
  'payoutFailed',
  'afterSettlement',
  'wrongAsset',
  'payoutCancelled',
  'dust',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * Why a payout waits, failed or ended: over the automatic limit or the daily cap (valued when it is
 * signed), no fresh price to value it, the hot wallet short, the network refusing it (`unpayable`:
 * its fee estimate reverts), a refund worth less than its network fee (`belowFee`), the node refusing its signed transaction (`rejected`: offered again on
 * every pass), reverted on chain, its nonce taken by another transaction, its UTXO batch never to be
 * mined (`dropped`: queued again), cancelled or redirected, or found at signing to pay one of the hot
 * wallets (`hotWallet`: never signed).
 */
export const PAYOUT_REASONS = [
  'overLimit',
  'overDailyCap',
  'noPrice',
  'funds',
  'unpayable',
  'rejected',
  'belowFee',
  'reverted',
  'nonceTaken',
  'dropped',
  'cancelled',
  'redirected',
  'hotWallet',
] as const;
export type PayoutReason = (typeof PAYOUT_REASONS)[number];

export const CHAIN_ERRORS = {
  watchedNoHash: 'This deposit is detected on the blockchain automatically; there is no hash to enter.',
  hashClaimed: 'This transaction hash has already been used for another exchange or deposit.',
  payoutNotFound: 'Payout not found.',
  payoutNotWaiting: "This payout is not waiting for an admin's Send.",
  payoutNotFailed: 'Only a failed payout can be retried.',
  payoutNotCancellable:
    'This payout can no longer be cancelled or redirected: it was signed and may be mined, or it has ended.',
  payoutNotRedirectable:
    'Only an exchange’s payout can be redirected to its refund address; cancel this one instead.',
  payoutAlreadyPaid: (hash: string) =>
    `A transaction of the hot wallet already paid this payout (${hash}); it is recorded as paid.`,
  payoutCheckPending:
    'The hot wallet has transactions not mined yet that this product did not send: try again once they are mined.',
  payoutCheckUnavailable:
    'The node cannot tell whether the hot wallet already paid this payout (its history since the payout was signed is not available); check the hot wallet by hand.',
  payoutSuperseded: 'Another payout of the same transfer is already under way.',
  payoutNotBumpable:
    'Only a BTC or LTC payout sent and not yet mined, or refused by the node when first sent, can have its fee bumped.',
  payoutBumpRefused: (detail: string) => `The fee bump cannot be made: ${detail}`,
  payoutToHotWallet:
    'This is the address of our own hot wallet: a payment to it would never leave the exchange. Please give an address of your own.',
  payoutBumpTooHigh: (max: string) =>
    `This fee rate is above the network's ceiling of ${max} sat/vB (NET_FEE_RATE_MAX): nothing was signed.`,
  payoutNotRetryable:
    'What this payout paid for has ended (a withdrawal that failed gave its money back): it cannot be retried.',
  chainManaged: 'This exchange is settled from the blockchain; use its payout in Networks instead.',
  depositNotHeld: 'This deposit is not waiting for an admin.',
  testDepositDemoOnly: 'Test deposits exist only in demo mode, on the local development chain.',
  testDepositNotAwaiting: 'This exchange is not waiting for its deposit.',
  notWatched: 'This asset is not on a watched network.',
  networkUnavailable: (network: string) =>
    `Deposits on ${network} cannot be watched right now. Please try again in a minute.`,
} as const;

export const chainReconciliationSchema = z.object({
  ticker: z.string(),
  /** What the deposit addresses handed out and the hot wallet hold on chain at `blockNumber`. */
  chainHeld: decimalOutSchema,
  /** What the ledger says the house holds of the asset (booked in from outside, less booked out). */
  ledgerHeld: decimalOutSchema,
  /** On chain, not booked yet: transfers not final (and dust) +, payouts gone and not confirmed -. */
  inFlight: decimalOutSchema,
  difference: decimalOutSchema,
  blockNumber: z.number().int(),
  checkedAt: z.string(),
});
export type ChainReconciliation = z.infer<typeof chainReconciliationSchema>;

/**
 * The operator's own coins moved in or out of a watched network's addresses outside the product
 * (a top-up of the hot wallet, a sweep of deposit addresses to their wallet), booked so the books
 * match the chain: `in` from outside to the house, `out` from the house to outside. Once per
 * (network, hash, asset, direction).
 */
export const OPERATOR_TRANSFER_DIRECTIONS = ['in', 'out'] as const;
export const operatorTransferSchema = z.object({
  ticker: z.string().trim().min(1).max(20),
  direction: z.enum(OPERATOR_TRANSFER_DIRECTIONS),
  amount: positiveAmountSchema,
  txHash: z.string().trim().min(1).max(200),
});
export type OperatorTransfer = z.infer<typeof operatorTransferSchema>;
export const chainNetworkParamsSchema = z.object({ network: z.string().trim().min(1).max(10) });

export const chainNetworkStatusSchema = z.object({
  network: z.string(),
  name: z.string(),
  chainId: z.number().int().nullable(),
  rpcOk: z.boolean(),
  rpcError: z.string().nullable(),
  checkedAt: z.string().nullable(),
  scannedBlock: z.number().int().nullable(),
  headBlock: z.number().int().nullable(),
  /** Blocks the node has that were not read yet. */
  lag: z.number().int().nullable(),
  confirmations: z.number().int(),
  assets: z.array(z.string()),
  /** The hot wallet (payouts are automatic) and its balances last read; null: payouts are manual. */
  hotWallet: z
    .object({
      address: z.string(),
      balances: z.array(z.object({ ticker: z.string(), amount: decimalOutSchema })),
    })
    .nullable(),
  payoutsWaiting: z.number().int(),
  /**
   * The books against the chain (docs/chains.md), per asset, at its last check (hourly); empty
   * before the first. difference = chainHeld - ledgerHeld - inFlight: anything but zero is an alert.
   */
  reconciliation: z.array(chainReconciliationSchema),
});
export type ChainNetworkStatus = z.infer<typeof chainNetworkStatusSchema>;
export const chainStatusSchema = z.object({
  networks: z.array(chainNetworkStatusSchema),
  autoPayoutMaxUsd: decimalOutSchema,
  autoPayoutDailyMaxUsd: decimalOutSchema,
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const adminPayoutSchema = z.object({
  id: uuidSchema,
  network: z.string(),
  ticker: z.string(),
  toAddress: z.string(),
  amount: decimalOutSchema,
  usdValue: decimalOutSchema,
  purpose: z.enum(PAYOUT_PURPOSES),
  /** The exchange it pays or refunds, or the transfer it refunds. */
  reference: uuidSchema,
  status: z.enum(PAYOUT_STATUSES),
  reason: z.enum(PAYOUT_REASONS).nullable(),
  /** The node's own words when it refused the payout (blocked, or its signed transaction rejected). */
  lastError: z.string().nullable(),
  txHash: z.string().nullable(),
  txUrl: z.string().nullable(),
  networkFee: decimalOutSchema.nullable(),
  attempts: z.number().int(),
  approved: z.boolean(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  minedAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
export const adminPayoutsQuerySchema = adminPageQuerySchema.extend({
  view: z.enum(Object.keys(PAYOUT_VIEWS) as [PayoutView, ...PayoutView[]]).optional(),
});
export type AdminPayoutsQuery = z.infer<typeof adminPayoutsQuerySchema>;
export const adminPayoutsPageSchema = adminPageOf(adminPayoutSchema);
export const payoutIdParamsSchema = z.object({ id: uuidSchema });
/** An admin's fee bump of a waiting BTC/LTC payout (RBF, decision 0055): the new rate, sat/vB. */
export const bumpPayoutSchema = z.object({
  feeRate: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,3})?$/, 'a fee rate in sat/vB, e.g. 25 or 12.5')
    .refine((v) => Number(v) > 0, 'a fee rate above 0'),
});
export type BumpPayout = z.infer<typeof bumpPayoutSchema>;

export const adminChainDepositSchema = z.object({
  id: uuidSchema,
  network: z.string(),
  ticker: z.string(),
  address: z.string(),
  txHash: z.string(),
  txUrl: z.string().nullable(),
  amount: decimalOutSchema,
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(['seen', 'orphaned', 'final']),
  exchangeId: uuidSchema.nullable(),
  /** A user's deposit (the user is shown in Deposits, not here). */
  forUser: z.boolean(),
  holdReason: z.enum(HOLD_REASONS).nullable(),
  createdAt: z.string(),
});
export type AdminChainDeposit = z.infer<typeof adminChainDepositSchema>;
export const adminChainDepositsPageSchema = adminPageOf(adminChainDepositSchema);
export const chainDepositIdParamsSchema = z.object({ id: uuidSchema });
/** POST Admin/chains/deposits/{id}/refund: where a deposit held for an admin is sent back. */
export const refundChainDepositSchema = z.object({
  address: z.string().trim().min(1, { message: 'Enter the address to refund to' }).max(200),
  /** On a network without a hot wallet: the hash of the refund the admin sent by hand. */
  payoutHash: z.string().trim().max(200).optional(),
});

/** POST PublicExchange/testDeposit (demo mode only): the local chain sends the exchange's deposit. */
export const testDepositRequestSchema = z.object({
  exchangeId: uuidSchema,
  /** Another amount than the quote (to see the requote or refund rules); the quote by default. */
  amount: z.string().trim().max(60).optional(),
});
/** POST Payment/crypto/testDeposit (demo mode only): to the signed-in user's own address. */
export const userTestDepositSchema = z.object({ assetId: uuidSchema, amount: positiveAmountSchema });
export const testDepositResponseSchema = z.object({ transactionHash: z.string() });
