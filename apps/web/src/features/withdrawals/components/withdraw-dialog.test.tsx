import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Wallet, WithdrawalAddress } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, fakeJwt, initTestI18n, renderPage } from '../../auth/test/render';
import { WithdrawDialog } from './withdraw-dialog';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const eth: Wallet = {
  id: '00000000-0000-4000-8000-0000000000e7',
  ticker: 'ETH',
  fullName: 'Ethereum',
  type: 2,
  decimals: 18,
  isAddressConfigured: true,
  network: 'eth',
  amount: '1.5',
  selectedCurrencyPair: { left: { ticker: 'ETH' }, right: { ticker: 'USD' }, rate: '3000' },
};

const address = (over: Partial<WithdrawalAddress> = {}): WithdrawalAddress => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  assetId: eth.id,
  ticker: 'ETH',
  network: 'eth',
  address: '0x1111111111111111111111111111111111111111',
  memo: null,
  label: 'Ledger',
  usableAt: '2026-01-01T00:00:00.000Z',
  usable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const quote = { fee: '0.001', receive: '0.5', total: '0.501', available: '1.5', minimum: '0.01', open: true };
const withFactor = { status: 200, content: { totp: true, passkeys: [], recoveryCodesLeft: 10 } };

function open() {
  session.setToken(fakeJwt());
  renderPage(<WithdrawDialog wallet={eth} open onClose={() => undefined} />);
  return screen.getByRole('dialog', { name: 'Withdraw ETH' });
}

describe('withdraw dialog', () => {
  it('shows the fee, what arrives and the total as you type, from the server quote', async () => {
    const api = fakeApi({
      'GET /api/User/2fa': withFactor,
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/Withdrawals/addresses': { status: 200, content: { items: [address()] } },
      'POST /api/Withdrawals/quote': { status: 200, content: quote },
    });
    open();
    await userEvent.type(await screen.findByLabelText('Amount that arrives (ETH)'), '0,5');
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('0.501 ETH'));
    expect(screen.getByTestId('quote-fee')).toHaveTextContent('0.001 ETH');
    expect(screen.getByTestId('quote-receive')).toHaveTextContent('0.5 ETH');
    const quotes = api.calls.filter((c) => c.url.endsWith('/Withdrawals/quote'));
    // One quote once typing paused, for the normalised amount.
    expect(quotes).toHaveLength(1);
    expect(quotes[0]?.body).toEqual({ assetId: eth.id, amount: '0.5' });
  });

  it('"Max" fills in available minus the fee', async () => {
    fakeApi({
      'GET /api/User/2fa': withFactor,
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/Withdrawals/addresses': { status: 200, content: { items: [address()] } },
      'POST /api/Withdrawals/quote': { status: 200, content: quote },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Use the most I can withdraw' }));
    await waitFor(() => expect(screen.getByLabelText('Amount that arrives (ETH)')).toHaveValue('1.499'));
  });

  it('asks for an address first, and a double click sends one request id', async () => {
    let release: () => void = () => undefined;
    const api = fakeApi({
      'GET /api/User/2fa': withFactor,
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/Withdrawals/addresses': {
        status: 200,
        content: {
          items: [
            address(),
            address({ id: '00000000-0000-4000-8000-0000000000a2', label: 'New', usable: false }),
          ],
        },
      },
      'POST /api/Withdrawals/quote': { status: 200, content: quote },
      'POST /api/Withdrawals': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 200,
              content: { id: '00000000-0000-4000-8000-0000000000f1', status: 'review' },
            });
        }),
    });
    open();
    await userEvent.type(await screen.findByLabelText('Amount that arrives (ETH)'), '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('Choose where the money goes.')).toBeInTheDocument();
    // The address still on hold cannot be chosen.
    expect(screen.getByRole('option', { name: /New \(usable from/ })).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('To'), 'Ledger · 0x11111111…111111');
    const submit = screen.getByRole('button', { name: 'Withdraw' });
    await userEvent.dblClick(submit);
    await waitFor(() => expect(api.calls.filter((c) => c.url.endsWith('/api/Withdrawals'))).toHaveLength(1));
    expect(submit).toBeDisabled();
    const body = api.calls.find((c) => c.url.endsWith('/api/Withdrawals'))?.body as Record<string, string>;
    expect(body).toMatchObject({ assetId: eth.id, amount: '0.5', addressId: address().id });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    release();
  });

  it('an account without a second factor is told to set one up', async () => {
    fakeApi({
      'GET /api/User/2fa': { status: 200, content: { totp: false, passkeys: [], recoveryCodesLeft: 0 } },
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/Withdrawals/addresses': { status: 200, content: { items: [] } },
    });
    open();
    expect(await screen.findByTestId('withdraw-needs-factor')).toHaveTextContent(/need a second factor/);
    expect(screen.getByRole('link', { name: /Security|second factor/i })).toHaveAttribute(
      'href',
      '/my-account/security',
    );
  });
});
