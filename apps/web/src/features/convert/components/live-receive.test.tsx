import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Wallet, WalletType } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, initTestI18n, renderPage } from '../../auth/test/render';
import { ExchangeWidget } from './exchange-widget';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asset = (id: string, ticker: string, decimals: number): Wallet => ({
  id,
  ticker,
  fullName: ticker,
  type: WalletType.Crypto,
  decimals,
  isAddressConfigured: true,
  network: null,
  amount: '0',
  selectedCurrencyPair: { left: { ticker }, right: { ticker: 'USD' }, rate: '1' },
});
const btc = asset('7d7c4a8e-0f4b-4b8e-9c1a-111111111111', 'BTC', 8);
const eth = asset('7d7c4a8e-0f4b-4b8e-9c1a-222222222222', 'ETH', 18);

const reads = {
  'GET /api/PublicExchange/exchangeRate': { status: 200, content: '16.25' },
  'GET /api/settings': {
    status: 200,
    content: {
      minimumTransactionAmount: '99',
      chatWidgetKey: null,
      feeRate: '0.01',
      partners: [],
      lockTtlSeconds: 60,
    },
  },
};

const renderWidget = (onGuestSubmit?: () => void, commissionRate?: string | null) =>
  renderPage(
    <ExchangeWidget
      {...(commissionRate !== undefined ? { commissionRate } : {})}
      assets={[btc, eth]}
      loading={false}
      failed={false}
      signedIn={false}
      title="Exchange"
      description="Pick two assets."
      {...(onGuestSubmit ? { onGuestSubmit } : {})}
    />,
  );

describe('the live "you receive" estimate', () => {
  it('takes a partner’s commission off as the server does, and shows nothing while it is unknown', async () => {
    fakeApi(reads);
    renderWidget(undefined, '0.02');
    await userEvent.type(screen.getByLabelText('Amount you give'), '0.02');
    // 0.32175 ETH after the fee, minus 2 % commission (0.006435): 0.315315.
    await waitFor(() =>
      expect(screen.getByTestId('live-receive')).toHaveTextContent('≈ You receive 0.3153 ETH'),
    );
    cleanup();
    fakeApi(reads);
    renderWidget(undefined, null);
    await userEvent.type(screen.getByLabelText('Amount you give'), '0.02');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByTestId('live-receive')).toBeEmptyDOMElement();
  });

  it('shows the amount received as the guest types, in a live region, one rate read for all keys', async () => {
    const { calls } = fakeApi(reads);
    renderWidget();
    const region = screen.getByTestId('live-receive');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    const input = screen.getByLabelText('Amount you give');
    await userEvent.type(input, '0.02');
    // 0.02 x 16.25 = 0.325 ETH, minus the 1 % fee (0.00325): 0.32175, as the server quotes it,
    // shown with the app's display precision (4 decimals below 1).
    await waitFor(() => expect(region).toHaveTextContent('≈ You receive 0.3218 ETH'));
    await userEvent.type(input, '5');
    // 0.025 x 16.25 x 0.99 = 0.4021875.
    await waitFor(() => expect(region).toHaveTextContent('≈ You receive 0.4022 ETH'));
    const rateReads = calls.filter((c) => c.url.includes('exchangeRate'));
    expect(rateReads).toHaveLength(1);
  });

  it('accepts the comma of fr/de/ru and says nothing for invalid input', async () => {
    fakeApi(reads);
    renderWidget();
    const input = screen.getByLabelText('Amount you give');
    await userEvent.type(input, '2,5');
    const region = screen.getByTestId('live-receive');
    await waitFor(() => expect(region).toHaveTextContent('≈ You receive'));
    for (const bad of ['abc', '0', '-1', '0.123456789']) {
      await userEvent.clear(input);
      await userEvent.type(input, bad);
      await waitFor(() => expect(region).toBeEmptyDOMElement());
    }
  });

  it('hands the choice to the embedded widget instead of leaving the page', async () => {
    fakeApi(reads);
    const onGuestSubmit = vi.fn();
    renderWidget(onGuestSubmit);
    await userEvent.type(screen.getByLabelText('Amount you give'), '0,5');
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(onGuestSubmit).toHaveBeenCalledWith({ source: btc, destination: eth, amount: '0.5' });
  });
});
