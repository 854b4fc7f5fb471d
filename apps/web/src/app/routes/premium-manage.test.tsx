import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n, renderAt } from '../../features/auth/test/render';
import { hostedPage } from '../../features/checkout/lib/hosted-page';
import { notifications } from '../../lib/notify';
import { session } from '../../lib/session';
import { RequirePremium } from '../guards';
import PremiumManagePage from './premium-manage';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  notifications.clear();
  session.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  {
    element: <RequirePremium />,
    children: [{ path: '/premium/manage', element: <PremiumManagePage /> }],
  },
  { path: '/forbidden', element: <p>forbidden</p> },
];
const subscription = (over: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-0000000000s1',
  status: 'active',
  startDate: '2026-03-01T10:00:00.000Z',
  renewalDate: '2027-03-01T10:00:00.000Z',
  amount: '49',
  currency: 'USD',
  cardLast4: '4242',
  cardBrand: 'visa',
  cancelledAt: null,
  cancelAtPeriodEnd: false,
  graceUntil: null,
  ...over,
});
const details = () => screen.findByTestId('subscription-details');

describe('/premium/manage', () => {
  it('shows the renewal date, the price and the card', async () => {
    session.setToken(fakeJwt({ premium: true }));
    fakeApi({ 'GET /api/User/premium': { status: 200, content: subscription() } });
    renderAt('/premium/manage', routes);
    const dl = await details();
    expect(dl).toHaveTextContent('Renewal date');
    expect(dl).toHaveTextContent('March 1, 2027');
    expect(dl).toHaveTextContent('$49 per year');
    expect(dl).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByRole('button', { name: 'Manage card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Premium' })).toBeInTheDocument();
  });

  it('a failed renewal shows the grace period and asks to update the card', async () => {
    session.setToken(fakeJwt({ premium: true }));
    fakeApi({
      'GET /api/User/premium': {
        status: 200,
        content: subscription({ status: 'past_due', graceUntil: '2027-03-15T10:00:00.000Z' }),
      },
    });
    renderAt('/premium/manage', routes);
    expect(await screen.findByTestId('subscription-past-due')).toHaveTextContent(
      'Your renewal payment failed. Premium stays active until March 15, 2027 while we retry; update your card.',
    );
  });

  it('"Manage card" opens the gateway\'s page, and says why when there is none', async () => {
    session.setToken(fakeJwt({ premium: true }));
    const open = vi.spyOn(hostedPage, 'open').mockImplementation(() => undefined);
    let calls = 0;
    fakeApi({
      'GET /api/User/premium': { status: 200, content: subscription() },
      'POST /api/User/premium/portal': async () =>
        ++calls === 1
          ? { status: 400, error: { error: 'There is no saved card to manage yet.', code: 'NO_SAVED_CARD' } }
          : { status: 200, content: { url: 'https://billing.stripe.com/p/session/x' } },
    });
    renderAt('/premium/manage', routes);
    await details();
    await userEvent.click(screen.getByRole('button', { name: 'Manage card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no saved card to manage yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Manage card' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://billing.stripe.com/p/session/x'));
  });

  it('cancel keeps premium to the end of the period: stays here and says when it ends', async () => {
    session.setToken(fakeJwt({ premium: true }));
    const cancelledToken = fakeJwt({ premium: true, v: 2 });
    let cancelled = false;
    const api = fakeApi({
      'GET /api/User/premium': async () => ({
        status: 200,
        content: subscription(
          cancelled ? { cancelAtPeriodEnd: true, cancelledAt: '2026-06-01T00:00:00Z' } : {},
        ),
      }),
      'DELETE /api/User/premium': async () => {
        cancelled = true;
        return { status: 200, content: { jwToken: cancelledToken } };
      },
      'GET /api/User': { status: 200, content: { id: 'u1', premium: true, preferedLanguage: 'en-us' } },
    });
    const { pathname } = renderAt('/premium/manage', routes);
    await details();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Premium' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your Premium subscription?' });
    expect(dialog).toHaveTextContent('Premium stays active until March 1, 2027 and will not renew.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel Premium' }));
    expect(await screen.findByTestId('subscription-ends')).toHaveTextContent(
      'Premium ends on March 1, 2027.',
    );
    expect(screen.getByTestId('subscription-details')).toHaveTextContent('Ends on');
    expect(screen.queryByRole('button', { name: 'Cancel Premium' })).toBeNull();
    expect(pathname()).toBe('/premium/manage');
    expect(session.get().token).toBe(cancelledToken);
    expect(session.get().claims?.premium).toBe(true);
    expect(notifications.get().map((n) => n.message)).toContain('Your Premium will not renew.');
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
