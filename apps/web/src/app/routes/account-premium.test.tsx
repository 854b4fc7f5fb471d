import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n, renderAt } from '../../features/auth/test/render';
import { hostedPage } from '../../features/checkout/lib/hosted-page';
import { notifications } from '../../lib/notify';
import { session } from '../../lib/session';
import { RequireAuth } from '../guards';
import MyAccountPage from './my-account';
import PremiumPayPage from './premium-pay';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  notifications.clear();
  session.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  birthDay: '1990-12-09',
  creationDate: '2026-01-01T00:00:00.000Z',
  status: 1,
  role: 'user',
  premium: false,
  premiumUntil: null,
  preferedLanguage: 'en-us',
  preferedCurrency: 'CHF',
};
const countries = [
  {
    id: 756,
    iso31661Alpha2Code: 'CH',
    names: { 'en-us': 'Switzerland', 'fr-fr': 'Suisse', 'de-de': 'Schweiz', 'ru-ru': 'Швейцария' },
  },
];
const bankAccount = {
  id: '00000000-0000-4000-8000-0000000000b1',
  iban: 'CH9300762011623852957',
  status: -1,
  creationDate: '2026-02-01T00:00:00.000Z',
};

const routes = [
  {
    element: <RequireAuth />,
    children: [
      { path: '/my-account', element: <MyAccountPage /> },
      { path: '/premium/pay', element: <PremiumPayPage /> },
      { path: '/premium', element: <p>premium page</p> },
    ],
  },
];
const titles = () => notifications.get().map((n) => `${n.severity}: ${n.title} / ${n.message}`);

function signIn(premium = false) {
  session.setToken(fakeJwt({ premium }));
  session.setUser(user as never);
}

describe('/my-account', () => {
  it('shows the profile, the long birth date and the IBAN in groups with its badge', async () => {
    signIn();
    fakeApi({
      'GET /api/User': { status: 200, content: user },
      'GET /api/User/address': { status: 200, content: null },
      'GET /api/User/iban': { status: 200, content: bankAccount },
      'GET /api/countries': { status: 200, content: countries },
      'GET /api/User/premium/receipts': { status: 200, content: [] },
    });
    renderAt('/my-account', routes);
    expect(screen.getByText('Loading your account…', { selector: 'p' })).toBeInTheDocument();
    expect(await screen.findByTestId('iban-value')).toHaveTextContent('CH93 0076 2011 6238 5295 7');
    expect(screen.getByTestId('iban-status')).toHaveTextContent('Not processed');
    expect(within(screen.getByTestId('row-birthday')).getByText('December 9, 1990')).toBeInTheDocument();
    expect(within(screen.getByTestId('row-phone')).getByText('No phone number')).toBeInTheDocument();
    expect(screen.getByText('You have not given an address yet.')).toBeInTheDocument();
    expect(screen.getByTestId('account-avatar')).not.toHaveAttribute('data-premium');
  });

  it('hides the page with "Could not load user data." when a load fails', async () => {
    signIn();
    fakeApi({
      'GET /api/User': { status: 200, content: user },
      'GET /api/User/address': { status: 200, content: null },
      'GET /api/User/iban': { status: 403, error: { error: 'no', code: 'FORBIDDEN' } },
      'GET /api/countries': { status: 200, content: countries },
      'GET /api/User/premium/receipts': { status: 200, content: [] },
    });
    renderAt('/my-account', routes);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load user data.');
    expect(titles()).toContain('Error: Error / Could not load user data.');
    expect(screen.queryByTestId('row-name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses an IBAN with a bad checksum without calling the server, then saves a good one', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/User': { status: 200, content: user },
      'GET /api/User/address': { status: 200, content: null },
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/countries': { status: 200, content: countries },
      'GET /api/User/premium/receipts': { status: 200, content: [] },
      'POST /api/User/iban': { status: 200, content: bankAccount },
    });
    renderAt('/my-account', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a bank account' }));
    const input = screen.getByLabelText('IBAN');
    await userEvent.type(input, 'CH93 0076 2011 6238 5295 8');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText("This IBAN's check digits do not match. Please look for a typo."),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(input);
    await userEvent.type(input, 'ch93 0076 2011 6238 5295 7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(titles()).toContain(
        'Success: Success / Your bank account is pending validation and will be approved in 1-5 business days.',
      ),
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ iban: 'CH9300762011623852957' });
  });

  it('sends only the changed name field', async () => {
    signIn();
    const api = fakeApi({
      'GET /api/User': { status: 200, content: user },
      'GET /api/User/address': { status: 200, content: null },
      'GET /api/User/iban': { status: 200, content: null },
      'GET /api/countries': { status: 200, content: countries },
      'GET /api/User/premium/receipts': { status: 200, content: [] },
      'POST /api/User/update': { status: 200, content: { ...user, lastName: 'Byron' } },
    });
    renderAt('/my-account', routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    const last = screen.getByLabelText('Last name');
    await userEvent.clear(last);
    await userEvent.type(last, 'Byron');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(titles()).toContain('Success: Success / Your infos were successfully updated.'),
    );
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ lastName: 'Byron' });
  });
});

describe('/my-account premium payments', () => {
  const base = {
    'GET /api/User': { status: 200, content: user },
    'GET /api/User/address': { status: 200, content: null },
    'GET /api/User/iban': { status: 200, content: null },
    'GET /api/countries': { status: 200, content: countries },
  };

  it('lists each payment with its date, amount, card and a "Refunded" badge once refunded', async () => {
    signIn(true);
    fakeApi({
      ...base,
      'GET /api/User/premium/receipts': {
        status: 200,
        content: [
          {
            id: '00000000-0000-4000-8000-0000000000r2',
            paidAt: '2027-03-01T10:00:00.000Z',
            amount: '49',
            currency: 'CHF',
            cardLast4: '4242',
            cardBrand: 'visa',
            refundedAt: '2027-03-02T10:00:00.000Z',
          },
          {
            id: '00000000-0000-4000-8000-0000000000r1',
            paidAt: '2026-03-01T10:00:00.000Z',
            amount: '49',
            currency: 'CHF',
            cardLast4: '4444',
            cardBrand: 'mastercard',
            refundedAt: null,
          },
        ],
      },
    });
    renderAt('/my-account', routes);
    expect(await screen.findByRole('heading', { name: 'Premium payments' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('receipt');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/CHF\s?49\.00/);
    expect(rows[0]).toHaveTextContent('March 1, 2027 · Visa •••• 4242');
    expect(within(rows[0] as HTMLElement).getByTestId('receipt-refunded')).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Mastercard •••• 4444');
    expect(within(rows[1] as HTMLElement).queryByTestId('receipt-refunded')).toBeNull();
  });

  it('says when there is none, and a failure there keeps the rest of the page', async () => {
    signIn();
    fakeApi({
      ...base,
      'GET /api/User/premium/receipts': { status: 500, error: { error: 'boom', code: 'INTERNAL' } },
    });
    renderAt('/my-account', routes);
    expect(await screen.findByText('Could not load your premium payments.')).toBeInTheDocument();
    expect(screen.getByTestId('row-name')).toBeInTheDocument();
  });
});

describe('/premium/pay', () => {
  // The server's price (decision 0039): a CHF user is shown, and charged, USD 49.
  const price = { 'GET /api/Premium/price': { status: 200, content: { amount: '49', currency: 'USD' } } };
  const openSpy = () => vi.spyOn(hostedPage, 'open').mockImplementation(() => undefined);

  it('shows the year of Premium and one "Pay with card" button, with no card field', async () => {
    signIn();
    fakeApi({ ...price });
    renderAt('/premium/pay', routes);
    expect(screen.getByRole('heading', { name: 'Premium for one year' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('premium-pay-price')).toHaveTextContent('$49'));
    expect(screen.getByTestId('premium-pay-price')).not.toHaveTextContent('CHF');
    expect(screen.getByText('No fees')).toBeInTheDocument();
    expect(
      screen.getByText(/secure page: your card number and security code never reach/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with card' })).toBeInTheDocument();
    // The card is typed on the gateway's page only.
    expect(document.querySelectorAll('input')).toHaveLength(0);
  });

  it('asks for a checkout, then sends the browser to the hosted page', async () => {
    signIn();
    const open = openSpy();
    let answer: (a: { status: number; content: unknown }) => void = () => undefined;
    const api = fakeApi({
      ...price,
      'POST /api/User/premium/checkout': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderAt('/premium/pay', routes);
    const button = screen.getByRole('button', { name: 'Pay with card' });
    await userEvent.click(button);
    // Busy while the API answers; a second press sends nothing more.
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({});
    answer({ status: 200, content: { url: '/gateway/test/checkout/cs_1' } });
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(`${window.location.origin}/gateway/test/checkout/cs_1`),
    );
    expect(session.get().claims?.premium).toBe(false);
  });

  it("shows the server's refusal and lets the user try again", async () => {
    signIn();
    const open = openSpy();
    let calls = 0;
    fakeApi({
      ...price,
      'POST /api/User/premium/checkout': async () =>
        ++calls === 1
          ? {
              status: 503,
              error: {
                error: 'The payment service could not be reached. Please try again in a moment.',
                code: 'GATEWAY_UNAVAILABLE',
              },
            }
          : { status: 200, content: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } },
    });
    renderAt('/premium/pay', routes);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The payment service could not be reached. Please try again in a moment.',
    );
    const button = screen.getByRole('button', { name: 'Pay with card' });
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('says so in the user language when already premium (409), and never follows a strange URL', async () => {
    signIn();
    const open = openSpy();
    let calls = 0;
    fakeApi({
      ...price,
      'POST /api/User/premium/checkout': async () =>
        ++calls === 1
          ? {
              status: 409,
              error: { error: 'You already have a premium subscription.', code: 'ALREADY_PREMIUM' },
            }
          : { status: 200, content: { url: 'javascript:alert(1)' } },
    });
    renderAt('/premium/pay', routes);
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a premium subscription.');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with card' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The payment could not be started. Please try again.',
      ),
    );
    expect(open).not.toHaveBeenCalled();
  });

  it('points a member to the manage page', () => {
    signIn(true);
    fakeApi({ ...price });
    renderAt('/premium/pay', routes);
    expect(screen.getByText('You are already a Premium member.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with card' })).toBeNull();
  });
});
