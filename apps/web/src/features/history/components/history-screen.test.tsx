import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_EVENT, type HistoryItem, TransactionStatus } from '@vaultline/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryPage from '../../../app/routes/history';
import { notifications } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { fakeApi, initTestI18n, renderAt } from '../../auth/test/render';
import { FeedProvider } from '../../feed';
import { type FakeSocket, fakeFeedHub } from '../../feed/test/fake-socket';
import { historyItem, publicExchange, uuid } from '../test/fixtures';

let sockets: FakeSocket[] = [];
function renderHistory() {
  const { hub, sockets: made } = fakeFeedHub();
  sockets = made;
  return renderAt('/buy-sell/history', [
    {
      path: '/buy-sell/history',
      element: (
        <FeedProvider hub={hub}>
          <HistoryPage />
        </FeedProvider>
      ),
    },
    { path: '/login', element: <p>Login page</p> },
  ]);
}

const store = (items: HistoryItem[]) => localStorage.setItem('anonymousTransactions', JSON.stringify(items));
const titles = () => notifications.get().map((n) => [n.title, n.message, n.severity]);
const cards = () => screen.getAllByTestId('history-card');

beforeAll(initTestI18n);
beforeEach(() => {
  localStorage.clear();
  session.clear();
  notifications.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('history screen, guest', () => {
  it('shows the browser-held exchanges merged with the server (never backwards) and notifies moves', async () => {
    const a = historyItem(1, { status: TransactionStatus.pending, transactionHash: 'hash-a' });
    const b = historyItem(2, { status: TransactionStatus.success });
    store([a, b]);
    const api = fakeApi({
      'POST /api/PublicExchange/exchanges': {
        status: 200,
        // a moved to success; b's server copy is older (pending) and must not undo success.
        content: [
          publicExchange({ ...a, status: TransactionStatus.success, updatedAt: '2026-01-02T00:00:00.000Z' }),
          publicExchange({ ...b, status: TransactionStatus.pending }),
        ],
      },
    });
    renderHistory();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.body).toEqual({ ids: [a.id, b.id] });
    await waitFor(() =>
      expect(within(cards()[1] as HTMLElement).getByTestId('status-badge')).toHaveTextContent('Success'),
    );
    expect(within(cards()[0] as HTMLElement).getByTestId('status-badge')).toHaveTextContent('Success');
    expect(titles()).toEqual([
      ['Transaction 00000000... status: Success.', 'Transaction status changed to: Success', 'Success'],
    ]);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 2 of 2 transactions');
  });

  it('pages by 5, opens one card at a time and closes it on a page change', async () => {
    store(Array.from({ length: 7 }, (_, i) => historyItem(i + 1, { status: TransactionStatus.pending })));
    fakeApi({ 'POST /api/PublicExchange/exchanges': { status: 200, content: [] } });
    renderHistory();
    const user = userEvent.setup();
    expect(cards()).toHaveLength(5);
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 5 of 7 transactions');
    expect(screen.getByTestId('page-count')).toHaveTextContent('Page 1 of 2');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    // Newest first: the card of exchange 7 leads.
    expect(cards()[0]).toHaveAttribute('data-id', uuid(7));

    const toggles = cards().map((c) => within(c).getAllByRole('button')[0] as HTMLElement);
    await user.click(toggles[0] as HTMLElement);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'true');
    expect(within(cards()[0] as HTMLElement).getByText('Rate')).toBeVisible();
    await user.click(toggles[1] as HTMLElement);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'false');
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggles[1] as HTMLElement);
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggles[2] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 6 to 7 of 7 transactions');
    expect(cards()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    for (const c of cards()) {
      expect(within(c).getAllByRole('button')[0]).toHaveAttribute('aria-expanded', 'false');
    }
  });

  it('shows the failure reason for a failed exchange, and the empty state without exchanges', async () => {
    store([historyItem(1, { status: TransactionStatus.failed, adminNotes: 'Deposit never arrived' })]);
    fakeApi({ 'POST /api/PublicExchange/exchanges': { status: 200, content: [] } });
    const view = renderHistory();
    await userEvent.setup().click(within(cards()[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    expect(screen.getByText('Failure reason')).toBeVisible();
    expect(screen.getByText('Deposit never arrived')).toBeVisible();
    expect(screen.queryByText('Rate')).toBeNull();
    view.unmount();

    localStorage.clear();
    renderHistory();
    expect(await screen.findByText('No transactions yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start an exchange' })).toHaveAttribute('href', '/buy-sell');
  });

  it('confirms a hash from the card: empty refused, busy text, a second confirm ignored, refresh after 1 s', async () => {
    const a = historyItem(1);
    store([a]);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const api = fakeApi({
      'POST /api/PublicExchange/exchanges': { status: 200, content: [publicExchange(a)] },
      'POST /api/PublicExchange/confirmTransaction': async () => {
        await held;
        return {
          status: 200,
          content: publicExchange({
            ...a,
            status: TransactionStatus.pending,
            transactionHash: 'f'.repeat(64),
          }),
        };
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await user.click(within(cards()[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    expect(screen.getByText('bc1qdemoaddressforbtcdeposits000000')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy deposit address' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(titles()).toContainEqual(['Input Required', 'Please enter a transaction hash', 'Warning']);

    await user.type(screen.getByLabelText('Transaction hash of your deposit'), 'f'.repeat(64));
    const form = screen.getByLabelText('Transaction hash of your deposit').closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    await act(async () => release());
    await waitFor(() =>
      expect(titles()).toContainEqual(['Transaction confirmed successfully', '', 'Success']),
    );
    expect(api.calls.filter((c) => c.url.endsWith('confirmTransaction'))).toHaveLength(1);
    expect(api.calls.find((c) => c.url.endsWith('confirmTransaction'))?.body).toEqual({
      exchangeId: a.id,
      transactionHash: 'f'.repeat(64),
    });
    expect(within(cards()[0] as HTMLElement).getByTestId('status-badge')).toHaveTextContent('Pending');
    const before = api.calls.filter((c) => c.url.endsWith('/exchanges')).length;
    await waitFor(
      () => expect(api.calls.filter((c) => c.url.endsWith('/exchanges')).length).toBe(before + 1),
      {
        timeout: 2000,
      },
    );
  });

  it('says why a confirm failed, in the server words when it answered', async () => {
    const a = historyItem(1);
    // The server's code and values, worded by the client in the UI language.
    const invalidHash = { error: 'not valid', code: 'INVALID_HASH', params: { ticker: 'BTC' } };
    store([a]);
    fakeApi({
      'POST /api/PublicExchange/exchanges': { status: 200, content: [publicExchange(a)] },
      'POST /api/PublicExchange/confirmTransaction': {
        status: 400,
        error: invalidHash,
      },
    });
    renderHistory();
    const user = userEvent.setup();
    await user.click(within(cards()[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    await user.type(screen.getByLabelText('Transaction hash of your deposit'), 'nope{Enter}');
    await waitFor(() =>
      expect(titles()).toContainEqual([
        'Failed to confirm transaction: This is not a valid BTC transaction hash.',
        '',
        'Error',
      ]),
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('merges a live update for a held exchange and ignores one for anybody else', async () => {
    const a = historyItem(1, { status: TransactionStatus.pending, transactionHash: 'h' });
    store([a]);
    fakeApi({ 'POST /api/PublicExchange/exchanges': { status: 200, content: [publicExchange(a)] } });
    renderHistory();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    act(() => socket.fire('connect'));
    expect(socket.emitted).toEqual([[a.id]]);
    expect(screen.getByTestId('feed-status')).toHaveTextContent('Live updates on');
    const update = {
      id: a.id,
      status: TransactionStatus.failed,
      adminNotes: 'Refunded',
      transactionHash: 'h',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    act(() => socket.fire(FEED_EVENT, { ...update, id: uuid(99) }));
    expect(titles()).toEqual([]);
    act(() => socket.fire(FEED_EVENT, update));
    expect(within(cards()[0] as HTMLElement).getByTestId('status-badge')).toHaveTextContent('Failed');
    expect(titles()).toEqual([
      ['Transaction 00000000... status: Failed.', 'Transaction status changed to: Failed', 'Error'],
    ]);
    // The browser's record took it too (spec-1 §4).
    expect(JSON.parse(localStorage.getItem('anonymousTransactions') ?? '[]')[0].adminNotes).toBe('Refunded');
  });

  it('exports the browser-held exchanges as a CSV file', async () => {
    store([historyItem(1)]);
    fakeApi({ 'POST /api/PublicExchange/exchanges': { status: 200, content: [] } });
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:x';
    };
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderHistory();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(clicked).toEqual([`vaultline-history-${new Date().toISOString().slice(0, 10)}.csv`]);
    expect(await created[0]?.text()).toContain(`${uuid(1)},exchange,awaiting_verification`);
  });
});
