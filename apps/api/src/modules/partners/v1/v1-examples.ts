import type { V1Coin, V1Exchange, V1Quote } from '@vaultline/shared';

/** Examples for the OpenAPI page of the partner API (shapes checked by the type annotations). */
const exchange: V1Exchange = {
  id: '6f1c2b1e-3f0a-4c55-9d7e-2b8f0e1a9c41',
  status: 'awaiting_deposit',
  mode: 'fixed',
  from: 'ETH',
  to: 'BTC',
  amount: '0.5',
  destinationAmount: '0.02462625',
  rate: '0.05',
  commission: '0.00012375',
  depositAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  depositMemo: null,
  network: 'ETH',
  destinationAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  destinationMemo: null,
  refundAddress: null,
  depositConfirmations: null,
  requiredConfirmations: 12,
  payoutHash: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const coin: V1Coin = {
  ticker: 'ETH',
  name: 'Ethereum',
  network: 'ETH',
  decimals: 18,
  memo: false,
  deposit: true,
  min: '0.0316800000000000',
  max: null,
  variable: true,
};
const quote: V1Quote = {
  id: '0b9d3c57-8a4e-4f7b-9a53-2f61c2d8e0aa',
  from: 'ETH',
  to: 'BTC',
  amount: '0.5',
  destinationAmount: '0.02462625',
  rate: '0.05',
  fee: '0.000125',
  commission: '0.00012375',
  commissionRate: '0.005',
  expiresAt: '2026-11-27T10:15:00.000Z',
};

export const V1_EXAMPLES = {
  coin,
  quote,
  exchange,
  cursor: 'MTc2NDIzNzYwMDAwMDAwMF82ZjFjMmIxZS0zZjBhLTRjNTUtOWQ3ZS0yYjhmMGUxYTljNDE',
  quoteRequest: { from: 'ETH', to: 'BTC', amount: '0.5' },
  fixedRequest: {
    quoteId: quote.id,
    destinationAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    refundAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    email: 'customer@example.com',
  },
  variableRequest: {
    from: 'ETH',
    to: 'BTC',
    amount: '0.5',
    destinationAddress: '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
  },
};
