import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminDeposit, AdminPremiumPayment } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AdminPremiumPaymentsPage from '../../../app/routes/admin/premium-payments';
import { notifications } from '../../../lib/notify';
import { fakeApi } from '../../auth/test/render';
import { initTestI18n, renderAdmin } from '../test/render';
import { DepositCard } from './deposit-card';
import { RefundDepositDialog } from './refund-dialog';

beforeAll(async () => {
  await initTestI18n();
});
afterEach(() => {
  cleanup();
  notifications.clear();
  vi.unstubAllGlobals();
});

const deposit = (over: Partial<AdminDeposit> = {}): AdminDeposit => ({
  id: '11111111-1111-4111-8111-1111111111d1',
  userId: '11111111-1111-4111-8111-111111111111',
  amount: '25.5',
  date: '2026-05-01T10:00:00.000Z',
  status: 1,
  method: 'card',
  transactionHash: null,
  cardLast4: '4242',
  cardBrand: 'visa',
  adminNotes: null,
  wallet: { id: '11111111-1111-4111-8111-1111111111e1', ticker: 'EUR', type: 0 },
  confirmations: null,
  requiredConfirmations: null,
  refundedAt: null,
  user: { firstName: 'Anna', lastName: 'Berg', email: 'anna@example.com' },
  ...over,
});

const payment = (over: Partial<AdminPremiumPayment> = {}): AdminPremiumPayment => ({
  id: '11111111-1111-4111-8111-1111111111p1',
  paidAt: '2026-05-01T10:00:00.000Z',
  amount: '49',
  currency: 'USD',
  cardLast4: '4242',
  cardBrand: 'visa',
  refundedAt: null,
  user: {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Anna',
    lastName: 'Berg',
    email: 'anna@example.com',
  },
  ...over,
});

describe('deciding a crypto deposit (admin Deposits)', () => {
  it('offers Approve and Reject on one reported by hand, never on a watched transfer waiting for its block', () => {
    const crypto = { status: 3, method: 'crypto' as const, cardLast4: null, cardBrand: null };
    renderAdmin(
      <ul>
        <DepositCard deposit={deposit(crypto)} onDecide={() => undefined} onRefund={() => undefined} />
        <DepositCard
          deposit={deposit({
            ...crypto,
            id: '11111111-1111-4111-8111-1111111111d4',
            confirmations: 0,
            requiredConfirmations: 12,
          })}
          onDecide={() => undefined}
          onRefund={() => undefined}
        />
      </ul>,
    );
    expect(screen.getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Reject' })).toHaveLength(1);
    const watched = screen.getByTestId('deposit-11111111-1111-4111-8111-1111111111d4');
    expect(within(watched).queryByRole('button')).toBeNull();
  });
});

describe('refunding a card deposit (admin Deposits)', () => {
  it('offers Refund only on a credited card deposit not refunded yet', async () => {
    const onRefund = vi.fn();
    renderAdmin(
      <ul>
        <DepositCard deposit={deposit()} onDecide={() => undefined} onRefund={onRefund} />
        <DepositCard
          deposit={deposit({
            id: '11111111-1111-4111-8111-1111111111d2',
            refundedAt: '2026-05-02T10:00:00Z',
          })}
          onDecide={() => undefined}
          onRefund={onRefund}
        />
        <DepositCard
          deposit={deposit({ id: '11111111-1111-4111-8111-1111111111d3', method: 'crypto', cardLast4: null })}
          onDecide={() => undefined}
          onRefund={onRefund}
        />
      </ul>,
    );
    const buttons = screen.getAllByRole('button', { name: 'Refund' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0] as HTMLElement);
    expect(onRefund).toHaveBeenCalledWith(expect.objectContaining({ id: deposit().id }));
    const refunded = screen.getByTestId('deposit-11111111-1111-4111-8111-1111111111d2');
    expect(within(refunded).getByTestId('deposit-refunded')).toHaveTextContent('Refunded');
    expect(refunded).toHaveTextContent('Refunded on');
  });

  it("confirms, shows a spinner while it runs, and keeps the server's reason in the dialog", async () => {
    let answer: (a: { status: number; error: { error: string; code: string } }) => void = () => undefined;
    const api = fakeApi({
      'POST /api/Admin/deposits/11111111-1111-4111-8111-1111111111d1/refund': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    renderAdmin(<RefundDepositDialog deposit={deposit()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Refund this card deposit?' });
    expect(dialog).toHaveTextContent(
      '25.5000 EUR paid by Anna Berg goes back to their card, and the same amount leaves their EUR wallet.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Refund' });
    await userEvent.click(confirm);
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('status')).toBeInTheDocument();
    answer({
      status: 409,
      error: {
        error: 'The money has already been used: the wallet holds only 3 EUR. Nothing was refunded.',
        code: 'REFUND_FUNDS_SPENT',
      },
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not refund the deposit. The money has already been used: the wallet holds only 3 EUR. Nothing was refunded.',
    );
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeEnabled();
    expect(api.calls).toHaveLength(1);
  });

  it('says so when the refund went through and closes', async () => {
    const onClose = vi.fn();
    fakeApi({
      'POST /api/Admin/deposits/11111111-1111-4111-8111-1111111111d1/refund': {
        status: 200,
        content: deposit({ refundedAt: '2026-05-03T10:00:00Z' }),
      },
    });
    renderAdmin(<RefundDepositDialog deposit={deposit()} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notifications.get().map((n) => n.message)).toContain('The deposit was refunded to the card.');
  });
});

describe('admin Premium payments', () => {
  it('lists the payments (date, user, amount, card, refunded) and refunds one after a confirmation', async () => {
    let refunded = false;
    const api = fakeApi({
      'GET /api/Admin/premium/payments': async () => ({
        status: 200,
        content: {
          items: [
            payment(refunded ? { refundedAt: '2026-05-03T10:00:00Z' } : {}),
            payment({
              id: '11111111-1111-4111-8111-1111111111p2',
              amount: '49',
              currency: 'EUR',
              cardBrand: 'mastercard',
              cardLast4: '4444',
              refundedAt: '2026-04-03T10:00:00Z',
            }),
          ],
          total: 2,
          page: 1,
          pageSize: 10,
          before: null,
          after: null,
        },
      }),
      'POST /api/Admin/premium/payments/11111111-1111-4111-8111-1111111111p1/refund': async () => {
        refunded = true;
        return { status: 200, content: payment({ refundedAt: '2026-05-03T10:00:00Z' }) };
      },
    });
    renderAdmin(<AdminPremiumPaymentsPage />, '/admin/premium-payments');
    const first = await screen.findByTestId('premium-payment-11111111-1111-4111-8111-1111111111p1');
    expect(first).toHaveTextContent('$49.00');
    expect(first).toHaveTextContent('Anna Berg');
    expect(first).toHaveTextContent('Visa •••• 4242');
    const second = screen.getByTestId('premium-payment-11111111-1111-4111-8111-1111111111p2');
    expect(within(second).getByTestId('premium-payment-refunded')).toHaveTextContent('Refunded');
    expect(within(second).queryByRole('button', { name: 'Refund' })).toBeNull();

    await userEvent.click(within(first).getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this premium payment?' });
    expect(dialog).toHaveTextContent('$49.00 paid by Anna Berg on May 1, 2026 goes back to their card');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(notifications.get().map((n) => n.message)).toContain('The payment was refunded to the card.'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('premium-payment-11111111-1111-4111-8111-1111111111p1')).getByTestId(
          'premium-payment-refunded',
        ),
      ).toBeInTheDocument(),
    );
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('says when there is none', async () => {
    fakeApi({
      'GET /api/Admin/premium/payments': {
        status: 200,
        content: { items: [], total: 0, page: 1, pageSize: 10, before: null, after: null },
      },
    });
    renderAdmin(<AdminPremiumPaymentsPage />, '/admin/premium-payments');
    expect(await screen.findByText('There are no premium payments yet.')).toBeInTheDocument();
  });
});
