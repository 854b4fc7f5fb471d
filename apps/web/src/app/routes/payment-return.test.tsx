import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n, renderAt } from '../../features/auth/test/render';
import { resetCheckoutCancels } from '../../features/checkout/api/checkout-api';
import { notifications } from '../../lib/notify';
import { session } from '../../lib/session';
import { RequireAuth } from '../guards';
import PaymentReturnPage, { DECLINE_GRACE_MS } from './payment-return';

beforeAll(initTestI18n);
beforeEach(() => {
  session.setToken(fakeJwt({ premium: false }));
});
afterEach(() => {
  cleanup();
  notifications.clear();
  session.clear();
  localStorage.clear();
  resetCheckoutCancels();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ID = '11111111-2222-4333-8444-555555555555';
const STATUS_URL = `GET /api/Payment/checkout/${ID}`;
const CANCEL_URL = `POST /api/Payment/checkout/${ID}/cancel`;
const routes = [
  {
    element: <RequireAuth />,
    children: [{ path: '/payment/return', element: <PaymentReturnPage /> }],
  },
];
const checkout = (over: Record<string, unknown> = {}) => ({
  id: ID,
  purpose: 'deposit',
  status: 'processing',
  amount: '25.5',
  currency: 'EUR',
  message: null,
  depositId: '11111111-2222-4333-8444-666666666666',
  ...over,
});
const state = () => screen.getByTestId('checkout-state');

describe('/payment/return', () => {
  it('waits while processing (polling every second), then says what was credited', async () => {
    let reads = 0;
    const api = fakeApi({
      [STATUS_URL]: async () => ({
        status: 200,
        content: checkout({ status: ++reads < 2 ? 'processing' : 'succeeded' }),
      }),
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(
      await screen.findByText('Waiting for the payment service to confirm your payment…'),
    ).toBeInTheDocument();
    expect(state()).toHaveAttribute('aria-live', 'polite');
    expect(state()).toHaveAttribute('data-state', 'processing');
    expect(
      await screen.findByText('25.50 EUR added to your wallet', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my wallets' })).toHaveAttribute('href', '/wallets');
    // Polling stops once the outcome is known; nothing but GETs was sent.
    const count = api.calls.length;
    await new Promise((r) => setTimeout(r, 1200));
    expect(api.calls).toHaveLength(count);
    expect(api.calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('starts premium: stores the fresh token with the premium claim and links to the manage page', async () => {
    const premiumToken = fakeJwt({ premium: true });
    const api = fakeApi({
      [STATUS_URL]: {
        status: 200,
        content: checkout({ purpose: 'premium', status: 'succeeded', amount: '49' }),
      },
      'POST /api/User/premium': { status: 200, content: { jwToken: premiumToken, subscription: {} } },
      'GET /api/User': { status: 200, content: { id: 'u1', premium: true, preferedLanguage: 'en-us' } },
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(await screen.findByRole('heading', { name: 'Welcome to Premium' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Manage my Premium' });
    expect(link).toHaveAttribute('href', '/premium/manage');
    expect(session.get().token).toBe(premiumToken);
    expect(session.get().claims?.premium).toBe(true);
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([expect.objectContaining({ url: '/api/User/premium', body: {} })]);
    await waitFor(() =>
      expect(notifications.get().map((n) => n.message)).toContain('You are now subscribed, thank you !'),
    );
  });

  it('offers to try again when the session could not be updated after a paid premium', async () => {
    fakeApi({
      [STATUS_URL]: { status: 200, content: checkout({ purpose: 'premium', status: 'succeeded' }) },
      'POST /api/User/premium': { status: 409, error: { error: 'Not yet', code: 'CONFLICT' } },
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(
      await screen.findByText('Your payment went through, but your session could not be updated yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage my Premium' })).toBeNull();
  });

  it("shows a decline with the gateway's reason (in the user's language) and a way to try again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeApi({
      [STATUS_URL]: {
        status: 200,
        content: checkout({ purpose: 'premium', status: 'declined', message: 'Your card was declined.' }),
      },
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    // Sent back as paid: a decline may be an earlier card's, so it is waited on for a while first.
    expect(
      await screen.findByText('Waiting for the payment service to confirm your payment…'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DECLINE_GRACE_MS));
    expect(await screen.findByRole('heading', { name: 'Payment declined' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-declined')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/premium/pay');
  });

  it('a decline read before the paying card lands is not shown: the success follows', async () => {
    let reads = 0;
    fakeApi({
      [STATUS_URL]: async () => ({
        status: 200,
        content: checkout({
          status: ++reads < 2 ? 'declined' : 'succeeded',
          message: reads < 2 ? 'Your card was declined.' : null,
        }),
      }),
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(
      await screen.findByText('Waiting for the payment service to confirm your payment…'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('25.50 EUR added to your wallet', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment declined')).toBeNull();
  });

  it('a declined deposit without a reason says nothing was charged and goes back to the wallets', async () => {
    fakeApi({ [CANCEL_URL]: { status: 200, content: checkout({ status: 'declined' }) } });
    renderAt(`/payment/return?id=${ID}&cancelled=1`, routes);
    expect(
      await screen.findByText('The payment service did not accept the payment. Nothing was charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/wallets');
  });

  it('coming back cancelled: cancels once, then says nothing was charged', async () => {
    const api = fakeApi({
      [CANCEL_URL]: { status: 200, content: checkout({ purpose: 'premium', status: 'cancelled' }) },
    });
    renderAt(`/payment/return?id=${ID}&cancelled=1`, routes);
    expect(await screen.findByText('Payment cancelled. Nothing was charged.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Premium' })).toHaveAttribute('href', '/premium');
    expect(api.calls).toEqual([expect.objectContaining({ method: 'POST', body: {} })]);
  });

  it('coming back cancelled after all paid: the server says succeeded, and that is shown', async () => {
    fakeApi({ [CANCEL_URL]: { status: 200, content: checkout({ status: 'succeeded', amount: '10' }) } });
    renderAt(`/payment/return?id=${ID}&cancelled=1`, routes);
    expect(await screen.findByText('10.00 EUR added to your wallet')).toBeInTheDocument();
  });

  it('an unknown id gets the not found message', async () => {
    fakeApi({ [STATUS_URL]: { status: 404, error: { error: 'Payment not found.', code: 'NOT_FOUND' } } });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(await screen.findByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
  });

  it('a missing or malformed id is not found without asking the server', () => {
    const api = fakeApi({});
    renderAt('/payment/return?id=nope', routes);
    expect(screen.getByRole('heading', { name: 'Payment not found' })).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('a failed read can be tried again', async () => {
    let reads = 0;
    fakeApi({
      [STATUS_URL]: async () =>
        ++reads === 1
          ? { status: 500, error: { error: 'boom', code: 'INTERNAL' } }
          : { status: 200, content: checkout({ status: 'cancelled' }) },
    });
    renderAt(`/payment/return?id=${ID}`, routes);
    expect(await screen.findByText('Could not load your payment.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('link', { name: 'Back to my wallets' })).toHaveAttribute(
      'href',
      '/wallets',
    );
  });
});
