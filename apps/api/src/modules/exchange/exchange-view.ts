import {
  type AdminExchange,
  Decimal,
  type ExchangeStage,
  type PublicExchange,
  TransactionStatus,
  toPlain,
} from '@vaultline/shared';
import type { AssetCatalog } from '../wallets/asset-catalog';
import type { AssetRow } from '../wallets/wallets.repository';
import type { ExchangeRow } from './exchange.repository';

export interface ViewOptions {
  /** A link to a transaction on the explorer of a network (or of an asset's network). */
  explorerUrl: (networkOrTicker: string | null, hash: string | null) => string | null;
  /** Demo mode on the local chain: the page may offer "Send test deposit". */
  testDeposit: (r: ExchangeRow) => boolean;
}

const PAYOUT_STAGE: Record<string, ExchangeStage> = {
  queued: 'exchanging',
  signed: 'sending',
  sent: 'sending',
  mined: 'sending',
  confirmed: 'sending',
  approval: 'review',
  funds: 'review',
  blocked: 'review',
  failed: 'review',
  cancelled: 'review',
};

/** Where a watched exchange is (DECISIONS §10), from its row; null on a manual network. */
export function exchangeStage(
  r: Pick<
    ExchangeRow,
    | 'network'
    | 'status'
    | 'holdReason'
    | 'chainResolution'
    | 'amountReceived'
    | 'amount'
    | 'depositConfirmations'
    | 'requiredConfirmations'
    | 'payoutStatus'
  >,
): ExchangeStage | null {
  if (!r.network) return null;
  switch (r.status) {
    case TransactionStatus.awaitingVerification:
      return 'awaitingDeposit';
    case TransactionStatus.success:
      return 'done';
    case TransactionStatus.failed:
      return 'failed';
    case TransactionStatus.notProcessed:
      return 'review';
    default:
      if (r.holdReason) return 'review';
      if (r.chainResolution === null) {
        // Every transfer is final but short of the quote: waiting for the rest.
        const short = r.amountReceived !== null && new Decimal(r.amountReceived).lt(r.amount);
        return short && (r.depositConfirmations ?? 0) >= (r.requiredConfirmations ?? 0)
          ? 'awaitingDeposit'
          : 'confirming';
      }
      return PAYOUT_STAGE[r.payoutStatus ?? ''] ?? 'review';
  }
}

/** What a guest sees of an exchange: never the e-mail (the response schema has no field for it). */
export async function toPublicExchange(
  r: ExchangeRow,
  catalog: Pick<AssetCatalog, 'byId'>,
  expiryMinutes: number,
  opts?: ViewOptions,
): Promise<PublicExchange> {
  const [src, dst] = await Promise.all([catalog.byId(r.sourceAssetId), catalog.byId(r.destinationAssetId)]);
  const side = (a: AssetRow | undefined, id: string) => ({
    id,
    ticker: a?.ticker ?? '',
    type: a?.type ?? 2,
  });
  const left = side(src, r.sourceAssetId);
  const right = side(dst, r.destinationAssetId);
  const expiresAt = new Date(r.creationDate.getTime() + expiryMinutes * 60_000);
  return {
    id: r.id,
    exchangeId: r.id,
    status: r.status,
    amount: toPlain(r.amount),
    destinationAmount: toPlain(r.destinationAmount),
    exchangeRate: toPlain(r.rate),
    fee: toPlain(r.fee),
    feeRate: toPlain(r.feeRate),
    usdValue: toPlain(r.usdValue),
    creationDate: r.creationDate.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    transactionHash: r.transactionHash,
    senderWalletAddress: r.senderAddress,
    destinationWalletAddress: r.destinationAddress,
    destinationMemo: r.destinationMemo,
    refundWalletAddress: r.refundAddress,
    adminWalletAddress: r.depositAddress,
    adminNotes: r.adminNotes,
    pair: { left, right, rate: toPlain(r.rate) },
    sourceWallet: left,
    destinationWallet: right,
    sourceWalletTicker: left.ticker,
    destinationWalletTicker: right.ticker,
    network: r.network,
    stage: exchangeStage(r),
    depositConfirmations: r.depositConfirmations,
    requiredConfirmations: r.requiredConfirmations,
    amountReceived: r.network && r.amountReceived !== null ? toPlain(r.amountReceived) : null,
    payoutHash: r.payoutHash,
    transactionUrl: opts?.explorerUrl(r.network, r.transactionHash) ?? null,
    // A refund goes out on the deposit's network, a payout on the destination asset's.
    payoutUrl: opts?.explorerUrl(r.refundedAt ? r.network : right.ticker, r.payoutHash) ?? null,
    testDeposit: (opts?.testDeposit(r) ?? false) && r.status === TransactionStatus.awaitingVerification,
  };
}

const plainOrNull = (v: string | null) => (v === null ? null : toPlain(v));

/** What an admin sees: the public view, the e-mail, and the money actually received and sent back. */
export async function toAdminExchange(
  r: ExchangeRow,
  catalog: Pick<AssetCatalog, 'byId'>,
  expiryMinutes: number,
  opts?: ViewOptions,
): Promise<AdminExchange> {
  const differs = r.amountReceived !== null && !new Decimal(r.amountReceived).eq(r.amount);
  return {
    ...(await toPublicExchange(r, catalog, expiryMinutes, opts)),
    userEmail: r.email,
    amountReceived: plainOrNull(r.amountReceived),
    difference: differs ? toPlain(new Decimal(r.amountReceived as string).minus(r.amount)) : null,
    quotedAmount: plainOrNull(r.quotedAmount),
    quotedDestinationAmount: plainOrNull(r.quotedDestinationAmount),
    requotedAt: r.requotedAt?.toISOString() ?? null,
    refundedAt: r.refundedAt?.toISOString() ?? null,
    holdReason: r.holdReason,
  };
}
