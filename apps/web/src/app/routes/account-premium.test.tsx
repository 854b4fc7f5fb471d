import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeJwt, initTestI18n, renderAt } from '../../features/auth/test/render';
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

describe('/premium/pay', () => {
  it('checks the card before sending and shows clear messages', async () => {
    signIn();
    const api = fakeApi({});
    renderAt('/premium/pay', routes);
    await userEvent.type(screen.getByLabelText('Card number'), '4242424242424241');
    await userEvent.type(screen.getByLabelText('Expiry date'), '0120');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '12');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(
      screen.getByText('This card number is not valid. Please check it for a typo.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(screen.getByText('The security code has 3 or 4 digits.')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('shows a declined card and keeps the user where they are', async () => {
    signIn();
    fakeApi({
      'POST /api/User/premium': {
        status: 402,
        error: { error: 'Your card was declined.', code: 'CARD_DECLINED' },
      },
    });
    renderAt('/premium/pay', routes);
    expect(screen.getByRole('button', { name: /^Pay CHF\s?49/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1239');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(titles()).toContain('Error: Error / Could not subscribe.');
    expect(session.get().claims?.premium).toBe(false);
  });

  it('keeps the new token (premium claim) and goes to /premium', async () => {
    signIn();
    const premiumToken = fakeJwt({ premium: true });
    const api = fakeApi({
      'POST /api/User/premium': { status: 200, content: { jwToken: premiumToken, subscription: {} } },
      'GET /api/User': { status: 200, content: { ...user, premium: true } },
    });
    const { pathname } = renderAt('/premium/pay', routes);
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry date'), '12/39');
    await userEvent.type(screen.getByLabelText('Security code (CVC)'), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(pathname()).toBe('/premium'));
    expect(session.get().token).toBe(premiumToken);
    expect(session.get().claims?.premium).toBe(true);
    expect(titles()).toContain('Success: Success / You are now subscribed, thank you !');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      creditCardNumber: '4242424242424242',
      expiracy: '12/39',
      cvc: '123',
    });
  });
});
