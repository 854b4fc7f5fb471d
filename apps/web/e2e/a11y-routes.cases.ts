import { expect, type Page } from '@playwright/test';
import { type A11yData, freshLock, type Role } from './a11y.fixtures';

// The accessibility sweep's cases (a11y-routes.spec.ts): every route of spec-1 §2 and spec-2 §2, as
// whom, at which widths, and the further states checked on each.

export interface Case {
  path: (d: A11yData) => string | Promise<string>;
  as: Role;
  /** Checks at 390 px too. */
  phone?: boolean;
  /** What shows once the page is ready (besides an h1 and no spinner). */
  ready?: (page: Page) => Promise<void>;
  /** Further states of the page, each checked after its action. */
  states?: Array<[string, (page: Page) => Promise<void>]>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name }).first()).toBeVisible();
};
// The account dropdown shows from 768 px, the menu button below 1024 px.
const userMenu: [string, (page: Page) => Promise<void>] = [
  'account menu open',
  async (page) => {
    if ((page.viewportSize()?.width ?? 0) < 768) return;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.locator('#user-menu')).toBeVisible();
  },
];
const mobileMenu: [string, (page: Page) => Promise<void>] = [
  'mobile menu open',
  async (page) => {
    if ((page.viewportSize()?.width ?? 0) >= 1024) return;
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
  },
];
const expandFirst = (button: RegExp): [string, (page: Page) => Promise<void>] => [
  'first row open',
  async (page) => {
    await page.getByRole('button', { name: button }).first().click();
    await expect(page.getByRole('button', { name: button }).first()).toHaveAttribute('aria-expanded', 'true');
  },
];

export const CASES: Record<string, Case> = {
  // spec-1 §2 / spec-2 §2, public.
  '/home': { path: () => '/home', as: 'guest', phone: true, states: [userMenu, mobileMenu] },
  '/home-exchange': { path: () => '/home-exchange', as: 'guest', ready: heading(/./) },
  '/testimonial-carousel': { path: () => '/testimonial-carousel', as: 'guest', phone: true },
  '/buy-sell (guest)': { path: () => '/buy-sell', as: 'guest', phone: true },
  '/buy-sell/manual-deposit/:id form': {
    path: (d) => `/buy-sell/manual-deposit/${d.ethId}?amount=0.01&sourceCurrency=BTC`,
    as: 'guest',
    phone: true,
    ready: async (page) => expect(page.getByRole('button', { name: 'Get Address' })).toBeVisible(),
    states: [
      [
        'errors shown',
        async (page) => {
          // Marked disabled (aria-disabled) but pressable: it says what is missing.
          await page.getByRole('button', { name: 'Get Address' }).press('Enter');
          await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
      ],
    ],
  },
  '/buy-sell/manual-deposit/:id submitted': {
    path: (d) =>
      `/buy-sell/manual-deposit/${d.ethId}?amount=0.01&sourceCurrency=BTC&exchange=${d.awaitingExchangeId}`,
    as: 'guest',
    ready: async (page) => expect(page.getByRole('button', { name: 'Done' })).toBeVisible(),
  },
  '/buy-sell/exchange/:id awaiting': {
    path: (d) => `/buy-sell/exchange/${d.awaitingExchangeId}`,
    as: 'guest',
    phone: true,
  },
  '/buy-sell/exchange/:id pending': { path: (d) => `/buy-sell/exchange/${d.guestExchangeId}`, as: 'guest' },
  '/buy-sell/history (guest)': { path: () => '/buy-sell/history', as: 'guest' },
  '/contact': { path: () => '/contact', as: 'guest' },
  '/aml-policy': { path: () => '/aml-policy', as: 'guest' },
  '/crypto/BTC': { path: () => '/crypto/BTC', as: 'guest', ready: heading(/Bitcoin/) },
  '/crypto/unknown': { path: () => '/crypto/NOPE', as: 'guest' },
  '/changePassword?token (guest)': { path: () => '/changePassword?token=abc&email=a%40b.co', as: 'guest' },
  '/unauthorized': { path: () => '/unauthorized', as: 'guest' },
  '/forbidden': { path: () => '/forbidden', as: 'guest' },
  '/notfound': { path: () => '/notfound', as: 'guest' },
  '/login': { path: () => '/login', as: 'guest', phone: true },
  '/signup': {
    path: () => '/signup',
    as: 'guest',
    states: [
      [
        'field errors shown',
        async (page) => {
          await page.getByRole('button', { name: 'REGISTER NOW' }).click();
          await expect(page.getByText('Please enter your first name.')).toBeVisible();
        },
      ],
    ],
  },
  '/forgotPassword': { path: () => '/forgotPassword', as: 'guest' },
  // Signed in.
  '/home (user)': { path: () => '/home', as: 'user', states: [userMenu] },
  '/buy-sell (user)': { path: () => '/buy-sell', as: 'user', phone: true, states: [userMenu, mobileMenu] },
  '/buy-sell/preview/:id': {
    path: async (d) => `/buy-sell/preview/${await freshLock(d)}`,
    as: 'user',
    phone: true,
    ready: async (page) => {
      await expect(page.getByRole('timer')).toBeVisible();
      await page.getByLabel(/^Amount \(BTC\)/).fill('0.01');
      await expect(page.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    },
  },
  '/buy-sell/transaction/:id': {
    path: (d) => `/buy-sell/transaction/${d.transactionId}`,
    as: 'user',
    ready: async (page) =>
      expect(page.getByRole('main').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
  },
  '/buy-sell/history (user)': {
    path: () => '/buy-sell/history',
    as: 'user',
    phone: true,
    ready: async (page) => expect(page.getByRole('button', { expanded: false }).first()).toBeVisible(),
  },
  '/wallets': {
    path: () => '/wallets',
    as: 'user',
    phone: true,
    ready: heading('My wallets'),
    states: [
      [
        'card deposit dialog',
        async (page) => {
          await page
            .getByTestId('wallet-USD')
            .getByRole('button', { name: /Deposit/ })
            .click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      ],
      [
        'withdraw dialog',
        async (page) => {
          await page.keyboard.press('Escape');
          await page
            .getByTestId('wallet-ETH')
            .getByRole('button', { name: /Withdraw/ })
            .click();
          await expect(page.getByRole('dialog', { name: 'Withdraw ETH' })).toBeVisible();
        },
      ],
    ],
  },
  '/my-account': {
    path: () => '/my-account',
    as: 'user',
    phone: true,
    ready: async (page) => expect(page.getByTestId('row-name')).toBeVisible(),
    states: [
      [
        'address book form open',
        async (page) => {
          await page.getByRole('button', { name: 'Add a withdrawal address' }).click();
          await expect(page.getByTestId('add-address-form')).toBeVisible();
        },
      ],
    ],
  },
  '/my-account/security': {
    path: () => '/my-account/security',
    as: 'user',
    phone: true,
    ready: async (page) => expect(page.getByRole('button', { name: 'Set up' })).toBeVisible(),
    states: [
      [
        'authenticator set-up open (QR code)',
        async (page) => {
          await page.getByRole('button', { name: 'Set up' }).click();
          await expect(
            page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
          ).toBeVisible();
        },
      ],
    ],
  },
  '/transactions': { path: () => '/transactions', as: 'user' },
  '/premium': { path: () => '/premium', as: 'user' },
  '/premium/pay': { path: () => '/premium/pay', as: 'user' },
  '/payment/return (cancelled)': {
    path: (d) => `/payment/return?id=${d.checkoutId}&cancelled=1`,
    as: 'user',
    phone: true,
    ready: heading(/Payment cancelled/),
  },
  '/premium/manage': {
    path: () => '/premium/manage',
    as: 'premium',
    ready: async (page) => expect(page.getByTestId('subscription-details')).toBeVisible(),
    states: [
      [
        'cancel dialog',
        async (page) => {
          await page.getByRole('button', { name: 'Cancel Premium' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      ],
    ],
  },
  '/changePassword (user)': { path: () => '/changePassword', as: 'user' },
  '/logout': { path: () => '/logout', as: 'user' },
  // Back office.
  '/admin': { path: () => '/admin', as: 'admin', phone: true, states: [mobileMenu] },
  '/admin/search-user': { path: () => '/admin/search-user', as: 'admin' },
  '/admin/user/:id': { path: (d) => `/admin/user/${d.targetUserId}`, as: 'admin', phone: true },
  '/admin/deposits': { path: () => '/admin/deposits', as: 'admin' },
  '/admin/premium-payments': { path: () => '/admin/premium-payments', as: 'admin', phone: true },
  '/admin/spending-holds': { path: () => '/admin/spending-holds', as: 'admin', phone: true },
  '/admin/networks': { path: () => '/admin/networks', as: 'admin', phone: true },
  '/admin/bank-accounts': { path: () => '/admin/bank-accounts', as: 'admin' },
  '/admin/wallet-addresses': { path: () => '/admin/wallet-addresses', as: 'admin' },
  '/admin/transaction-settings': { path: () => '/admin/transaction-settings', as: 'admin' },
  '/admin/pending-transactions': {
    path: () => '/admin/pending-transactions',
    as: 'admin',
    phone: true,
    states: [
      expandFirst(/Show or hide the details/),
      [
        'decision dialog',
        async (page) => {
          await page.getByRole('button', { name: 'Approve', exact: true }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      ],
    ],
  },
  '/admin/approved-transactions': {
    path: () => '/admin/approved-transactions',
    as: 'admin',
    states: [expandFirst(/Show or hide the details/)],
  },
  '/admin/rejected-transactions': {
    path: () => '/admin/rejected-transactions',
    as: 'admin',
    states: [expandFirst(/Show or hide the details/)],
  },
  '/admin/tidio-settings': { path: () => '/admin/tidio-settings', as: 'admin' },
  '/admin/outbox': { path: () => '/admin/outbox', as: 'admin' },
  '/admin/audit-log': { path: () => '/admin/audit-log', as: 'admin' },
  '/admin/contact-messages': { path: () => '/admin/contact-messages', as: 'admin' },
  '/admin/withdrawals': {
    path: () => '/admin/withdrawals',
    as: 'admin',
    phone: true,
    states: [
      [
        'all statuses',
        async (page) => {
          await page.getByRole('button', { name: 'All', exact: true }).click();
          await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
        },
      ],
      [
        'SEPA files',
        async (page) => {
          await page.getByRole('button', { name: 'SEPA files' }).click();
          await expect(page.getByRole('heading', { name: 'SEPA files' })).toBeVisible();
        },
      ],
      [
        'rules',
        async (page) => {
          await page.getByRole('button', { name: 'Rules', exact: true }).click();
          await expect(page.getByRole('heading', { name: 'Rules per asset' })).toBeVisible();
        },
      ],
    ],
  },
  '/withdrawals/remove-address (bad link)': {
    path: () => '/withdrawals/remove-address',
    as: 'guest',
    phone: true,
    ready: heading('Remove a withdrawal address'),
  },
};
