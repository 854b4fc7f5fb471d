import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Wallet } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, fakeJwt, initTestI18n, renderPage } from '../../auth/test/render';
import { hostedPage } from '../../checkout/lib/hosted-page';
import { CardDepositDialog } from './card-deposit-dialog';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  session.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const eur: Wallet = {
  id: '00000000-0000-4000-8000-00000000e0e0',
  ticker: 'EUR',
  fullName: 'Euro',
  type: 0,
  decimals: 2,
  isAddressConfigured: false,
  network: null,
  amount: '1000',
  selectedCurrencyPair: { left: { ticker: 'EUR' }, right: { ticker: 'USD' }, rate: '1.1' },
};

function open() {
  session.setToken(fakeJwt());
  renderPage(<CardDepositDialog wallet={eur} open onClose={() => undefined} />);
  return screen.getByRole('dialog', { name: 'Deposit EUR by card' });
}

describe('card deposit dialog', () => {
  it('asks for the amount only: no card number, expiry, CVC or holder', () => {
    fakeApi({});
    const dialog = open();
    expect(dialog.querySelectorAll('input')).toHaveLength(1);
    expect(screen.getByLabelText('Amount (EUR)')).toBeInTheDocument();
    expect(dialog.querySelector('[autocomplete^="cc-"]')).toBeNull();
    expect(
      screen.getByText(/secure page: your card number and security code never reach/),
    ).toBeInTheDocument();
  });

  it('refuses a bad amount without calling the server', async () => {
    const api = fakeApi({});
    open();
    await userEvent.type(screen.getByLabelText('Amount (EUR)'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    expect(screen.getByText('Please enter a valid amount')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
    // Typing again clears the message.
    await userEvent.clear(screen.getByLabelText('Amount (EUR)'));
    await userEvent.type(screen.getByLabelText('Amount (EUR)'), '5');
    expect(screen.queryByText('Please enter a valid amount')).toBeNull();
  });

  it('sums up, asks for a checkout of the amount typed (decimal comma too) and goes to the hosted page', async () => {
    const go = vi.spyOn(hostedPage, 'open').mockImplementation(() => undefined);
    const api = fakeApi({
      'POST /api/Payment/card/checkout': { status: 200, content: { url: '/gateway/test/checkout/cs_9' } },
    });
    open();
    await userEvent.type(screen.getByLabelText('Amount (EUR)'), '25,5');
    expect(screen.getByTestId('card-deposit-summary')).toHaveTextContent('You pay 25.50 EUR by card.');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    await waitFor(() =>
      expect(go).toHaveBeenCalledWith(`${window.location.origin}/gateway/test/checkout/cs_9`),
    );
    expect(api.calls[0]?.body).toEqual({ assetId: eur.id, amount: '25.5' });
  });

  it("shows the server's card limit in the user's language and stays open to change the amount", async () => {
    const go = vi.spyOn(hostedPage, 'open').mockImplementation(() => undefined);
    fakeApi({
      'POST /api/Payment/card/checkout': {
        status: 400,
        error: {
          error: 'A card deposit can be at most 10000 EUR. Please enter a smaller amount.',
          code: 'CARD_LIMIT',
          params: { max: '10000', ticker: 'EUR' },
        } as never,
      },
    });
    open();
    await userEvent.type(screen.getByLabelText('Amount (EUR)'), '20000');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A card deposit can be at most 10,000 EUR. Please enter a smaller amount.',
    );
    expect(go).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Amount (EUR)')).toHaveValue('20000');
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeEnabled();
  });
});
