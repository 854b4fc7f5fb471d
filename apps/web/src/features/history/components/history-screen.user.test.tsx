import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEED_EVENT, type HistoryItem, TransactionStatus } from '@vaultline/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryPage from '../../../app/routes/history';
import { notifications } from '../../../lib/notify';
import { session } from '../../../lib/session';
import { fakeJwt, initTestI18n, renderAt } from '../../auth/test/render';
import { FeedProvider } from '../../feed';
import { type FakeSocket, fakeFeedHub } from '../../feed/test/fake-socket';
import { historyItem, uuid } from '../test/fixtures';

/** The signed-in user's server list, by page, and the calls made (GET History only here). */
function serverHistory(all: () => HistoryItem[], fail?: { status: number }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/History/export') {
        return new Response('id,kind\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="vaultline-history-2026-01-05.csv"',
          },
        });
      }
      if (url.pathname === '/api/PublicExchange/exchanges') {
        return new Response(JSON.stringify({ success: true, content: [], error: null }), { status: 200 });
      }
      if (fail) {
        const error = { status: fail.status, statusText: 'No', error: 'No', code: 'FORBIDDEN' };
        return new Response(JSON.stringify({ success: false, content: null, error }), {
          status: fail.status,
        });
      }
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('pageSize'));
      const items = all().slice((page - 1) * size, page * size);
      const content = { items, total: all().length, page, pageSize: size };
      return new Response(JSON.stringify({ success: true, content, error: null }), { status: 200 });
    }),
  );
  return calls;
}

let sockets: FakeSocket[] = [];
function renderHistory() {
  const { hub, sockets: made } = fakeFeedHub({ identity: () => 'user' });
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

const titles = () => notifications.get().map((n) => [n.title, n.message, n.severity]);
const cards = () => screen.getAllByTestId('history-card');
const seven = () =>
  Array.from({ length: 7 }, (_, i) =>
    historyItem(7 - i, {
      kind: i % 2 ? 'conversion' : 'deposit',
      status: TransactionStatus.success,
      ...(i % 2
        ? {}
        : { destinationTicker: null, destinationAmount: null, rate: null, method: 'crypto' as const }),
    }),
  );

beforeAll(initTestI18n);
beforeEach(() => {
  localStorage.clear();
  notifications.clear();
  session.setToken(fakeJwt());
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  session.clear();
});

describe('history screen, signed in', () => {
  it('pages on the server by 5 and closes the open card on a page change', async () => {
    const calls = serverHistory(seven);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(calls[0]).toBe('GET /api/History?page=1&pageSize=5');
    expect(screen.getByTestId('showing')).toHaveTextContent('Showing 1 to 5 of 7 transactions');
    expect(within(cards()[0] as HTMLElement).getByText(/Crypto deposit/)).toBeVisible();
    const user = userEvent.setup();
    await user.click(within(cards()[0] as HTMLElement).getAllByRole('button')[0] as HTMLElement);
    expect(screen.getByText('Transaction hash')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('showing')).toHaveTextContent('Showing 6 to 7 of 7 transactions'),
    );
    expect(calls).toContain('GET /api/History?page=2&pageSize=5');
    expect(screen.getByTestId('page-count')).toHaveTextContent('Page 2 of 2');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(screen.queryByText('Transaction hash')).toBeNull();
  });

  it('shows fiat with its own decimals and crypto as the display rules say', async () => {
    const conversion = historyItem(60, {
      kind: 'conversion',
      status: TransactionStatus.success,
      sourceTicker: 'USD',
      sourceDecimals: 2,
      amount: '120.5',
      destinationTicker: 'BTC',
      destinationDecimals: 8,
      destinationAmount: '0.00123456789',
    });
    serverHistory(() => [conversion]);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveTextContent('120.50 USD');
    expect(card).not.toHaveTextContent('120.5000');
    expect(card).toHaveTextContent('0.001235 BTC');
  });

  it('lists a withdrawal with its own status, where it went and a link to follow it', async () => {
    const withdrawal = historyItem(61, {
      kind: 'withdrawal',
      status: TransactionStatus.pending,
      withdrawalStatus: 'sent',
      sourceTicker: 'ETH',
      sourceDecimals: 18,
      amount: '0.1',
      destinationTicker: null,
      destinationAmount: null,
      rate: null,
      method: null,
    });
    serverHistory(() => [withdrawal]);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0] as HTMLElement;
    expect(card).toHaveTextContent('Withdrawn from your wallet');
    expect(within(card).getByTestId('withdrawal-status')).toHaveAttribute('data-status', 'sent');
    expect(within(card).queryByTestId('status-badge')).toBeNull();
    await userEvent.setup().click(within(card).getAllByRole('button')[0] as HTMLElement);
    expect(screen.getByRole('link', { name: 'Follow this withdrawal' })).toHaveAttribute(
      'href',
      `/withdrawals/${withdrawal.id}`,
    );
  });

  it('announces a live update of an unknown transaction that turns out to be the user’s new one', async () => {
    const list = seven();
    serverHistory(() => list);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(5));
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0] as FakeSocket;
    act(() => socket.fire('connect'));
    const fresh = historyItem(50, { kind: 'conversion', status: TransactionStatus.success });
    list.unshift(fresh);
    act(() =>
      socket.fire(FEED_EVENT, {
        id: fresh.id,
        status: 1,
        adminNotes: null,
        transactionHash: null,
        updatedAt: fresh.updatedAt,
      }),
    );
    await waitFor(() =>
      expect(titles()).toContainEqual(['A new transaction has been added to your list', '', 'Info']),
    );
    await waitFor(() => expect(cards()[0]).toHaveAttribute('data-id', fresh.id));
    // Someone else's (an admin's connection hears everyone): not on the user's list, no notice.
    notifications.clear();
    act(() =>
      socket.fire(FEED_EVENT, {
        id: uuid(77),
        status: 1,
        adminNotes: null,
        transactionHash: null,
        updatedAt: fresh.updatedAt,
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(titles()).toEqual([]);
  });

  it('also lists the guest exchanges this browser holds, in their own section', async () => {
    const guest = historyItem(60, { status: TransactionStatus.awaitingVerification });
    localStorage.setItem('anonymousTransactions', JSON.stringify([guest]));
    serverHistory(seven);
    renderHistory();
    const section = await screen.findByRole('region', { name: 'Guest exchanges on this browser' });
    expect(within(section).getAllByTestId('history-card')).toHaveLength(1);
    expect(within(section).getByTestId('history-card')).toHaveAttribute('data-id', guest.id);
    await waitFor(() => expect(screen.getAllByTestId('history-card')).toHaveLength(6));
  });

  it('401: asks to log in and goes to /login', async () => {
    serverHistory(seven, { status: 401 });
    renderHistory();
    expect(await screen.findByText('Login page')).toBeVisible();
    expect(titles()).toContainEqual([
      'Authentication Required',
      'Please log in to view your transactions',
      'Warning',
    ]);
  });

  it('403: Access Denied; other failures: Could not load transactions', async () => {
    serverHistory(seven, { status: 403 });
    const view = renderHistory();
    await waitFor(() =>
      expect(titles()).toContainEqual([
        'Access Denied',
        "You don't have permission to view these transactions",
        'Error',
      ]),
    );
    view.unmount();
    vi.unstubAllGlobals();
    notifications.clear();
    serverHistory(seven, { status: 500 });
    renderHistory();
    await waitFor(() =>
      expect(titles()).toEqual([['Could not load transactions. Please try again later.', '', 'Error']]),
    );
  });

  it('refresh says so; export downloads the server CSV with the bearer token', async () => {
    const calls = serverHistory(seven);
    renderHistory();
    await waitFor(() => expect(cards()).toHaveLength(5));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(titles()).toContainEqual(['Refresh Complete', 'Transaction list updated.', 'Success']),
    );
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['vaultline-history-2026-01-05.csv']));
    expect(calls).toContain('GET /api/History/export');
    const exportCall = vi.mocked(fetch).mock.calls.find((c) => String(c[0]).includes('export'));
    const headers = (exportCall?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toMatch(/^Bearer /);
  });
});
