import type { HistoryItem, PublicExchange } from '@vaultline/shared';

/** A history row; ids are valid UUIDs made from a number so tests can name them. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function historyItem(n: number, over: Partial<HistoryItem> = {}): HistoryItem {
  return {
    kind: 'exchange',
    id: uuid(n),
    status: 3,
    creationDate: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString(),
    sourceTicker: 'BTC',
    sourceDecimals: null,
    destinationTicker: 'ETH',
    destinationDecimals: null,
    amount: '0.5',
    destinationAmount: '12.3456789',
    fee: '0.06',
    rate: '24.81',
    method: null,
    adminNotes: null,
    transactionHash: null,
    depositAddress: 'bc1qdemoaddressforbtcdeposits000000',
    confirmations: null,
    requiredConfirmations: null,
    refundedAt: null,
    ...over,
  };
}

/** The server's answer for the same exchange (PublicExchange), so exchangeToHistoryItem maps it back. */
export function publicExchange(item: HistoryItem): PublicExchange {
  const side = (ticker: string) => ({ id: uuid(9000 + ticker.length), ticker, type: 2 });
  return {
    id: item.id,
    exchangeId: item.id,
    status: item.status,
    amount: item.amount,
    destinationAmount: item.destinationAmount ?? '0',
    exchangeRate: item.rate ?? '0',
    fee: item.fee ?? '0',
    feeRate: '0.005',
    usdValue: '100',
    creationDate: item.creationDate,
    updatedAt: item.updatedAt,
    expiresAt: item.updatedAt,
    transactionHash: item.transactionHash,
    senderWalletAddress: null,
    destinationWalletAddress: '0x1111111111111111111111111111111111111111',
    destinationMemo: null,
    refundWalletAddress: null,
    adminWalletAddress: item.depositAddress ?? '',
    adminNotes: item.adminNotes,
    pair: {
      left: side(item.sourceTicker),
      right: side(item.destinationTicker ?? ''),
      rate: item.rate ?? '0',
    },
    sourceWallet: side(item.sourceTicker),
    destinationWallet: side(item.destinationTicker ?? ''),
    sourceWalletTicker: item.sourceTicker,
    destinationWalletTicker: item.destinationTicker ?? '',
    network: null,
    stage: null,
    depositConfirmations: null,
    requiredConfirmations: null,
    amountReceived: null,
    payoutHash: null,
    transactionUrl: null,
    payoutUrl: null,
    testDeposit: false,
  };
}
