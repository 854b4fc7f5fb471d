import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SpendingHold } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminSpendingHoldsPage from '../../../app/routes/admin/spending-holds';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderAdmin } from '../test/render';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  notifications.clear();
  vi.unstubAllGlobals();
});

const ID = '11111111-1111-4111-8111-1111111111b1';
const hold = (over: Partial<SpendingHold> = {}): SpendingHold => ({
  id: ID,
  userId: '11111111-1111-4111-8111-1111111111c1',
  user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' },
  amount: '700',
  ticker: 'USD',
  reason: 'card_dispute',
  createdAt: '2026-05-01T10:00:00.000Z',
  clearedAt: null,
  note: null,
  ...over,
});

// Typing a note and two dialogs take a few seconds of jsdom on a loaded machine.
describe('spending holds (back office)', { timeout: 30_000 }, () => {
  it('lists who owes what and why, and clears a hold only with a note', async () => {
    const calls = fakeApi({
      'GET /api/Admin/spending-holds': { status: 200, content: [hold()] },
      [`POST /api/Admin/spending-holds/${ID}/clear`]: {
        status: 200,
        content: hold({ clearedAt: '2026-05-02T10:00:00.000Z', note: 'Paid back' }),
      },
    });
    renderAdmin(<AdminSpendingHoldsPage />, '/admin/spending-holds');
    const card = await screen.findByTestId(`spending-hold-${ID}`);
    expect(card).toHaveTextContent('$700.00');
    expect(card).toHaveTextContent('Ada Lovelace');
    expect(card).toHaveTextContent('Chargeback');
    await userEvent.click(within(card).getByRole('button', { name: 'Clear the hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear this spending hold?' });
    expect(dialog).toHaveTextContent('Ada Lovelace owes $700.00');
    // No note: refused on the screen, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear the hold' }));
    expect(await within(dialog).findByText(/Please say how the debt was settled/)).toBeInTheDocument();
    expect(calls.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox'), 'Paid back by bank transfer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clear the hold' }));
    await waitFor(() =>
      expect(notifications.get().map((n) => n.message)).toContain(
        'The hold was cleared; the user can spend again.',
      ),
    );
    const post = calls.calls.find((c) => c.method === 'POST');
    expect(post?.url).toContain(`/api/Admin/spending-holds/${ID}/clear`);
    expect(post?.body).toEqual({ note: 'Paid back by bank transfer' });
  });

  it('says so when nobody owes anything, and shows cleared holds with their note under All', async () => {
    fakeApi({
      'GET /api/Admin/spending-holds': (call) =>
        call.url.includes('open=true')
          ? { status: 200, content: [] }
          : { status: 200, content: [hold({ clearedAt: '2026-05-02T10:00:00.000Z', note: 'Written off' })] },
    });
    renderAdmin(<AdminSpendingHoldsPage />, '/admin/spending-holds');
    expect(await screen.findByText('No user owes anything: there is no open hold.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    const card = await screen.findByTestId(`spending-hold-${ID}`);
    expect(card).toHaveTextContent('Written off');
    expect(within(card).queryByRole('button', { name: 'Clear the hold' })).toBeNull();
  });
});
