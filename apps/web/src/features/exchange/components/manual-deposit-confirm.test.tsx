import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exchangeToHistoryItem, type PublicExchange } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderPage } from '../../auth/test/render';
import { readLocalExchanges, saveLocalExchange } from '../lib/local-exchanges';
import { DepositConfirm } from './manual-deposit-confirm';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  notifications.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const ID = '22222222-2222-4222-8222-222222222222';
const side = (ticker: string) => ({ id: '00000000-0000-4000-8000-000000000001', ticker, type: 2 });
const awaiting: PublicExchange = {
  id: ID,
  exchangeId: ID,
  status: 3,
  amount: '1',
  destinationAmount: '20',
  exchangeRate: '20',
  fee: '0.1',
  feeRate: '0.005',
  usdValue: '3000',
  creationDate: '2025-01-01T12:00:00.000Z',
  updatedAt: '2025-01-01T12:00:00.000Z',
  expiresAt: '2025-01-01T12:30:00.000Z',
  transactionHash: null,
  senderWalletAddress: null,
  destinationWalletAddress: '0x1111111111111111111111111111111111111111',
  destinationMemo: null,
  refundWalletAddress: null,
  adminWalletAddress: 'house-ETH-address',
  adminNotes: null,
  pair: { left: side('ETH'), right: side('BNB'), rate: '20' },
  sourceWallet: side('ETH'),
  destinationWallet: side('BNB'),
  sourceWalletTicker: 'ETH',
  destinationWalletTicker: 'BNB',
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
const HASH = `0x${'ab'.repeat(32)}`;
const shown = () => notifications.get().map((n) => [n.severity, n.title, n.message]);

describe('DepositConfirm', () => {
  it('requires a hash (Input Required) and sends nothing without one', async () => {
    const { calls } = fakeApi({});
    renderPage(<DepositConfirm exchange={awaiting} onConfirmed={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Done' }));
    expect(shown()).toEqual([['Warning', 'Input Required', 'Please enter a transaction hash']]);
    expect(screen.getByLabelText(/^Transaction hash/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('sends only the typed hash, once, then marks the stored exchange pending', async () => {
    saveLocalExchange(exchangeToHistoryItem(awaiting));
    let release: () => void = () => {};
    const { calls } = fakeApi({
      'POST /api/PublicExchange/confirmTransaction': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 200,
              content: {
                ...awaiting,
                status: 2,
                transactionHash: HASH,
                updatedAt: '2025-01-01T12:05:00.000Z',
              },
            });
        }),
    });
    const onConfirmed = vi.fn();
    renderPage(<DepositConfirm exchange={awaiting} onConfirmed={onConfirmed} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Transaction hash/), `  ${HASH} `);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const busy = await screen.findByRole('button', { name: 'Confirming…' });
    await user.click(busy);
    release();
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    // No sender address or hash made up by the client (DECISIONS §4).
    expect(calls.map((c) => c.body)).toEqual([{ exchangeId: ID, transactionHash: HASH }]);
    expect(shown()).toEqual([
      [
        'Success',
        'Transaction Confirmed',
        'Your transaction has been confirmed and is awaiting admin verification.',
      ],
    ]);
    expect(readLocalExchanges()).toMatchObject([{ id: ID, status: 2, transactionHash: HASH }]);
  });

  it("shows the server's clear refusal, or the spec text when the server could not answer", async () => {
    fakeApi({
      'POST /api/PublicExchange/confirmTransaction': {
        status: 400,
        error: { error: 'This is not a valid ETH transaction hash.', code: 'INVALID_HASH' },
      },
    });
    renderPage(<DepositConfirm exchange={awaiting} onConfirmed={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Transaction hash/), 'not-a-hash-at-all');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]?.[0]).toBe('Error');
    expect(shown()[0]?.[2]).toMatch(/ETH/);

    cleanup();
    notifications.clear();
    fakeApi({
      'POST /api/PublicExchange/confirmTransaction': {
        status: 503,
        error: { error: 'Down', code: 'INTERNAL' },
      },
    });
    renderPage(<DepositConfirm exchange={awaiting} onConfirmed={vi.fn()} />);
    await user.type(screen.getByLabelText(/^Transaction hash/), HASH);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(shown()).toEqual([['Error', 'Error', 'Could not confirm transaction. Please try again later.']]),
    );
  });
});
