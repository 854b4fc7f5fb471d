import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayout } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminNetworksPage from '../../../app/routes/admin/networks';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderAdmin } from '../test/render';
import { payoutActions } from './payout-item';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  notifications.clear();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-1111111111a1';
const payout = (over: Partial<AdminPayout> = {}): AdminPayout => ({
  id: ID,
  network: 'BSC',
  ticker: 'BNB',
  toAddress: '0x4444444444444444444444444444444444444401',
  amount: '0.25',
  usdValue: '145',
  purpose: 'exchange_payout',
  reference: '11111111-1111-4111-8111-1111111111e1',
  status: 'blocked',
  reason: 'unpayable',
  lastError: 'Execution reverted with reason: coins refused.',
  txHash: null,
  txUrl: null,
  networkFee: null,
  attempts: 0,
  approved: false,
  createdAt: '2026-05-01T10:00:00.000Z',
  signedAt: null,
  minedAt: null,
  ...over,
});
const page = (items: AdminPayout[]) => ({ items, total: items.length, page: 1, pageSize: 20 });

function api(post: Record<string, Parameters<typeof fakeApi>[0][string]>, items = [payout()]) {
  return fakeApi({
    'GET /api/Admin/chains': {
      status: 200,
      content: { networks: [], autoPayoutMaxUsd: '1000', autoPayoutDailyMaxUsd: '10000' },
    },
    'GET /api/Admin/chains/payouts': { status: 200, content: page(items) },
    'GET /api/Admin/chains/deposits': { status: 200, content: page([]) },
    ...post,
  });
}

describe('the payout queue (admin Networks)', () => {
  it('offers each state its own actions', () => {
    expect(payoutActions(payout())).toEqual(['send', 'redirect', 'cancel']);
    expect(payoutActions(payout({ purpose: 'exchange_refund' }))).toEqual(['send', 'cancel']);
    expect(payoutActions(payout({ status: 'failed' }))).toEqual(['retry', 'redirect', 'cancel']);
    expect(payoutActions(payout({ status: 'queued' }))).toEqual(['redirect', 'cancel']);
    // A withdrawal's payout: no refund address, and no Retry once it failed (the withdrawal ended).
    expect(payoutActions(payout({ purpose: 'withdrawal', status: 'blocked' }))).toEqual(['send', 'cancel']);
    expect(payoutActions(payout({ purpose: 'withdrawal', status: 'failed' }))).toEqual(['cancel']);
    for (const status of ['signed', 'sent', 'mined', 'confirmed', 'cancelled'] as const)
      expect(payoutActions(payout({ status })), status).toEqual([]);
    // Sent and not mined on BTC or LTC: its transaction can be replaced at a higher fee (RBF).
    expect(payoutActions(payout({ network: 'LTC', status: 'sent' }))).toEqual(['bump']);
    expect(payoutActions(payout({ network: 'BTC', status: 'sent' }))).toEqual(['bump']);
    expect(payoutActions(payout({ network: 'LTC', status: 'mined' }))).toEqual([]);
    // Refused by the node at its first broadcast (a fee it will not relay): bumped the same way.
    expect(payoutActions(payout({ network: 'LTC', status: 'signed', reason: 'rejected' }))).toEqual(['bump']);
    expect(payoutActions(payout({ network: 'LTC', status: 'signed' }))).toEqual([]);
  });

  it('bumps the fee of an LTC payout sent and not mined, at the rate the admin gives', async () => {
    const sent = payout({
      network: 'LTC',
      ticker: 'LTC',
      toAddress: 'rltc1qexample',
      status: 'sent',
      reason: null,
      lastError: null,
    });
    const calls = api({ [`POST /api/Admin/chains/payouts/${ID}/bump`]: { status: 200, content: sent } }, [
      sent,
    ]);
    renderAdmin(<AdminNetworksPage />);
    const item = await screen.findByTestId('payout');
    await userEvent.click(within(item).getByRole('button', { name: 'Bump fee' }));
    const dialog = screen.getByRole('dialog', { name: "Bump this payout's fee" });
    expect(dialog).toHaveTextContent('rltc1qexample is not mined yet');
    await userEvent.type(within(dialog).getByLabelText(/New fee rate/), '25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bump fee' }));
    await waitFor(() =>
      expect(notifications.get().map((n) => n.message)).toContain('The replacement is stored and sent.'),
    );
    const post = calls.calls.filter((c) => c.method === 'POST');
    expect(post.map((c) => c.url)).toEqual([expect.stringContaining(`/api/Admin/chains/payouts/${ID}/bump`)]);
    expect(post[0]?.body).toEqual({ feeRate: '25' });
  });

  it('shows why the network refuses a payout, and redirects it to the refund address after a confirmation', async () => {
    const calls = api({
      [`POST /api/Admin/chains/payouts/${ID}/redirect`]: {
        status: 200,
        content: payout({ status: 'cancelled', reason: 'redirected' }),
      },
    });
    renderAdmin(<AdminNetworksPage />);
    const item = await screen.findByTestId('payout');
    expect(item).toHaveTextContent('Refused by the network');
    expect(item).toHaveTextContent('The network refuses it');
    expect(item).toHaveTextContent('The node said: Execution reverted with reason: coins refused.');
    expect(within(item).getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Refund instead' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund the exchange instead' });
    expect(dialog).toHaveTextContent('0x4444444444444444444444444444444444444401 will not be paid');
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund instead' }));
    await waitFor(() =>
      expect(notifications.get().map((n) => n.message)).toContain(
        'The payout is cancelled and the refund is queued.',
      ),
    );
    expect(calls.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      expect.stringContaining(`/api/Admin/chains/payouts/${ID}/redirect`),
    ]);
  });

  it("keeps a refused cancel's reason in its dialog", async () => {
    api({
      [`POST /api/Admin/chains/payouts/${ID}/cancel`]: {
        status: 409,
        error: {
          error: 'This payout can no longer be cancelled or redirected.',
          code: 'PAYOUT_NOT_CANCELLABLE',
        },
      },
    });
    renderAdmin(<AdminNetworksPage />);
    const item = await screen.findByTestId('payout');
    await userEvent.click(within(item).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this payout' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the payout' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payout can no longer be cancelled or redirected: it was signed and may be mined, or it has ended.',
    );
  });
});
