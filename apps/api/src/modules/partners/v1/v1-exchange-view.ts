import { TransactionStatus, toPlain, type V1Exchange, type V1ExchangeStatus } from '@vaultline/shared';
import { claimNetworkOf } from '../../chain/chain-networks';
import type { PartnerExchangeRow } from './v1.repository';

/**
 * The partner API's status words (a stable contract, unlike the spec's numeric codes): waiting for
 * the deposit; deposit seen on a watched network and confirming; pending (being exchanged and sent,
 * or an admin checks a manual deposit); on hold (an admin decides); success; failed.
 */
export function v1Status(
  r: Pick<PartnerExchangeRow, 'status' | 'network' | 'holdReason' | 'chainResolution'>,
): V1ExchangeStatus {
  switch (r.status) {
    case TransactionStatus.awaitingVerification:
      return 'awaiting_deposit';
    case TransactionStatus.success:
      return 'success';
    case TransactionStatus.failed:
      return 'failed';
    case TransactionStatus.notProcessed:
      return 'on_hold';
    default:
      if (r.holdReason) return 'on_hold';
      // Watched: until every deposit is final nothing is decided (chain_resolution stays null).
      if (r.network && r.chainResolution === null) return 'confirming';
      return 'pending';
  }
}

/**
 * One exchange as the partner API (and, if it wants, the webhooks) show it; `ticker` names an
 * asset id. Never the e-mail, notes or internal fields.
 */
export function toV1Exchange(r: PartnerExchangeRow, ticker: (assetId: string) => string): V1Exchange {
  const from = ticker(r.sourceAssetId);
  return {
    id: r.id,
    status: v1Status(r),
    mode: r.rateMode === 'variable' ? 'variable' : 'fixed',
    from,
    to: ticker(r.destinationAssetId),
    amount: toPlain(r.amount),
    destinationAmount: toPlain(r.destinationAmount),
    rate: toPlain(r.rate),
    commission: toPlain(r.partnerCommission ?? '0'),
    depositAddress: r.depositAddress,
    // No deposit network here takes a memo yet (memo networks are destinations only).
    depositMemo: null,
    network: r.network ?? claimNetworkOf(from),
    destinationAddress: r.destinationAddress,
    destinationMemo: r.destinationMemo,
    refundAddress: r.refundAddress,
    depositConfirmations: r.depositConfirmations,
    requiredConfirmations: r.requiredConfirmations,
    payoutHash: r.payoutHash,
    createdAt: r.creationDate.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
