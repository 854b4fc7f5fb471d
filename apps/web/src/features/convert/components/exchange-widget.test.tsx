import { cleanup, screen } from '@testing-library/react';
import { type Wallet, WalletType } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderPage } from '../../auth/test/render';
import { ExchangeWidget } from './exchange-widget';

beforeAll(initTestI18n);
afterEach(cleanup);

const asset = (id: string, ticker: string, fullName: string): Wallet => ({
  id,
  ticker,
  fullName,
  type: WalletType.Crypto,
  decimals: 8,
  isAddressConfigured: true,
  network: null,
  amount: '0',
  selectedCurrencyPair: { left: { ticker }, right: { ticker: 'USD' }, rate: '1' },
});
const assets = [
  asset('7d7c4a8e-0f4b-4b8e-9c1a-111111111111', 'BTC', 'Bitcoin'),
  asset('7d7c4a8e-0f4b-4b8e-9c1a-222222222222', 'ETH', 'Ethereum'),
];

const widget = (loading: boolean) => (
  <ExchangeWidget
    assets={loading ? [] : assets}
    loading={loading}
    failed={false}
    signedIn={false}
    title="Buy / Sell"
    description="Pick two assets."
  />
);

describe('exchange widget', () => {
  it('while the assets load: a spinner over the form, which keeps its place but cannot be reached', () => {
    const { container } = renderPage(widget(true));
    expect(screen.getByText(/Loading assets/)).toBeInTheDocument();
    // Laid out (so nothing below moves when the assets arrive), hidden from eyes, pointer and keys.
    const form = container.querySelector('form');
    expect(form).not.toBeNull();
    expect(form).toHaveClass('invisible');
    expect(form).toHaveAttribute('aria-hidden', 'true');
    expect(form).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: 'Convert' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'You give' })).toBeNull();
  });

  it('once they are here: the same form, shown and usable, and no spinner', () => {
    const { container } = renderPage(widget(false));
    expect(screen.queryByText(/Loading assets/)).toBeNull();
    const form = container.querySelector('form');
    expect(form).not.toHaveClass('invisible');
    expect(form).not.toHaveAttribute('aria-hidden');
    expect(form).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Convert' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'You give' })).toHaveValue(assets[0]?.id);
  });
});
