import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicExchange, Wallet } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderPage } from '../../auth/test/render';
import { readLocalExchanges } from '../lib/local-exchanges';
import { ManualDepositForm } from './manual-deposit-form';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  notifications.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const wallet = (id: string, ticker: string): Wallet => ({
  id,
  ticker,
  fullName: ticker,
  type: 2,
  decimals: ticker === 'BTC' ? 8 : 6,
  adminWalletAddress: `house-${ticker}-0000000000`,
  isAddressConfigured: true,
  network: null,
  amount: '0',
  selectedCurrencyPair: { left: { ticker }, right: { ticker: 'USD' }, rate: '1' },
});
const btc = wallet('00000000-0000-4000-8000-000000000001', 'BTC');
const xrp = wallet('00000000-0000-4000-8000-000000000002', 'XRP');
const EXCHANGE_ID = '11111111-1111-4111-8111-111111111111';

const exchange: PublicExchange = {
  id: EXCHANGE_ID,
  exchangeId: EXCHANGE_ID,
  status: 3,
  amount: '0.05',
  destinationAmount: '9999.5',
  exchangeRate: '200000',
  fee: '50.25',
  feeRate: '0.005',
  usdValue: '3062.5',
  creationDate: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-01-01T12:00:00.000Z',
  expiresAt: '2025-01-01T12:30:00.000Z',
  transactionHash: null,
  senderWalletAddress: null,
  destinationWalletAddress: 'rExampleXrpAddress123',
  destinationMemo: '42',
  refundWalletAddress: null,
  adminWalletAddress: btc.adminWalletAddress ?? '',
  adminNotes: null,
  pair: {
    left: { id: btc.id, ticker: 'BTC', type: 2 },
    right: { id: xrp.id, ticker: 'XRP', type: 2 },
    rate: '200000',
  },
  sourceWallet: { id: btc.id, ticker: 'BTC', type: 2 },
  destinationWallet: { id: xrp.id, ticker: 'XRP', type: 2 },
  sourceWalletTicker: 'BTC',
  destinationWalletTicker: 'XRP',
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

const reads = {
  'GET /api/PublicExchange/exchangeRate': { status: 200, content: '200000' },
  'GET /api/settings': {
    status: 200,
    content: {
      minimumTransactionAmount: '99',
      feeRate: '0.005',
      chatWidgetKey: null,
      partners: [],
      lockTtlSeconds: 60,
    },
  },
  'GET /api/prices': {
    status: 200,
    content: {
      source: 'static',
      indicative: true,
      takenAt: '2025-01-01T12:00:00.000Z',
      prices: [{ assetId: btc.id, ticker: 'BTC', usd: '61250' }],
    },
  },
};

const shown = () => notifications.get().map((n) => [n.severity, n.title, n.message]);

function renderForm(amount = '0.05', onCreated = vi.fn()) {
  renderPage(<ManualDepositForm source={btc} destination={xrp} amount={amount} onCreated={onCreated} />);
  return { onCreated, user: userEvent.setup() };
}

describe('ManualDepositForm', () => {
  it('checks in the spec order, one notification at a time, and sends nothing until all pass', async () => {
    const { calls } = fakeApi(reads);
    const { user } = renderForm('0');
    const button = screen.getByRole('button', { name: 'Get Address' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    // The estimate uses the server's rate and fee rule; the minimum is the server's setting.
    expect(await screen.findByText('Minimum $99 (approximately 0.00161633 BTC)')).toBeInTheDocument();

    await user.click(button);
    expect(shown()).toEqual([['Warning', 'Invalid Email', 'Please provide a valid email address.']]);
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^E-mail/)).toHaveFocus();

    notifications.clear();
    await user.type(screen.getByLabelText(/^E-mail/), 'guest@example.com');
    await user.click(button);
    expect(shown()).toEqual([
      ['Warning', 'Invalid Wallet Address', 'Please provide a valid wallet address.'],
    ]);

    notifications.clear();
    await user.type(screen.getByLabelText(/^Your XRP address/), 'rExampleXrpAddress123');
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(shown()).toEqual([
      ['Warning', 'Invalid Amount', 'Please enter a valid amount greater than zero.'],
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('has no memo field when the destination network takes none', async () => {
    fakeApi(reads);
    renderPage(<ManualDepositForm source={xrp} destination={btc} amount="10" onCreated={vi.fn()} />);
    expect(screen.getByLabelText(/^Your BTC address/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/memo/)).toBeNull();
  });

  it('shows a field error only after the field was left', async () => {
    fakeApi(reads);
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    expect(screen.queryByText('Please provide a valid email address.')).toBeNull();
    await user.tab();
    expect(screen.getByText('Please provide a valid email address.')).toBeInTheDocument();
  });

  it('offers the memo only for memo networks, creates once, keeps the fixed quote and forgets the chosen assets', async () => {
    localStorage.setItem('sourceAsset', JSON.stringify(btc));
    localStorage.setItem('destinationAsset', JSON.stringify(xrp));
    let release: () => void = () => {};
    const { calls } = fakeApi({
      ...reads,
      'POST /api/PublicExchange/createExchange': () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, content: { id: EXCHANGE_ID } });
        }),
      [`GET /api/PublicExchange/exchange/${EXCHANGE_ID}`]: { status: 200, content: exchange },
    });
    const { user, onCreated } = renderForm();
    // 0.05 BTC x 200000 = 10000 XRP, less the 0.5 % fee: about 9,950 XRP.
    await waitFor(() => expect(screen.getByTestId('summary-receive')).toHaveTextContent('≈ 9,950.00 XRP'));
    await user.type(screen.getByLabelText(/^E-mail/), 'guest@example.com');
    await user.type(screen.getByLabelText(/^Your XRP address/), 'rExampleXrpAddress123');
    await user.type(screen.getByLabelText(/XRP memo \/ tag/), '42');
    const button = screen.getByRole('button', { name: 'Get Address' });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Creating your exchange…' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Creating your exchange…' }));
    release();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(EXCHANGE_ID));

    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({
      sourceWalletId: btc.id,
      destinationWalletId: xrp.id,
      amount: '0.05',
      userEmail: 'guest@example.com',
      destinationWalletAddress: 'rExampleXrpAddress123',
      refundWalletAddress: null,
      destinationMemo: '42',
      language: 'en-us',
    });
    expect(shown()).toContainEqual([
      'Success',
      'Exchange Created',
      'Please send the crypto to the provided address and confirm the transaction.',
    ]);
    expect(readLocalExchanges()).toMatchObject([
      {
        id: EXCHANGE_ID,
        status: 3,
        amount: '0.05',
        destinationAmount: '9999.5',
        depositAddress: btc.adminWalletAddress,
      },
    ]);
    expect(localStorage.getItem('sourceAsset')).toBeNull();
    expect(localStorage.getItem('destinationAsset')).toBeNull();
  });

  it('shows the server refusal with its message, at its field, and stores nothing', async () => {
    fakeApi({
      ...reads,
      'POST /api/PublicExchange/createExchange': {
        status: 400,
        error: { error: 'Please provide a valid wallet address.', code: 'INVALID_WALLET_ADDRESS' },
      },
    });
    const { user, onCreated } = renderForm();
    await user.type(screen.getByLabelText(/^E-mail/), 'guest@example.com');
    await user.type(screen.getByLabelText(/^Your XRP address/), '0xNotAnXrpAddress');
    await user.click(screen.getByRole('button', { name: 'Get Address' }));
    await waitFor(() =>
      expect(shown()).toEqual([['Error', 'Error', 'Please provide a valid wallet address.']]),
    );
    expect(screen.getByLabelText(/^Your XRP address/)).toHaveAttribute('aria-invalid', 'true');
    expect(onCreated).not.toHaveBeenCalled();
    expect(readLocalExchanges()).toEqual([]);
  });

  it('an outage says the spec text, not an invented reason', async () => {
    fakeApi({
      ...reads,
      'POST /api/PublicExchange/createExchange': {
        status: 500,
        error: { error: 'Internal', code: 'INTERNAL' },
      },
    });
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/^E-mail/), 'guest@example.com');
    await user.type(screen.getByLabelText(/^Your XRP address/), 'rExampleXrpAddress123');
    await user.click(screen.getByRole('button', { name: 'Get Address' }));
    await waitFor(() =>
      expect(shown()).toEqual([
        ['Error', 'Error', 'Could not create exchange request. Please try again later.'],
      ]),
    );
  });
});
