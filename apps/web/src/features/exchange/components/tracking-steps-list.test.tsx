import { cleanup, screen } from '@testing-library/react';
import type { PublicExchange } from '@vaultline/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderPage } from '../../auth/test/render';
import { historyItem, publicExchange } from '../../history/test/fixtures';
import { TrackingStepsList } from './tracking-steps-list';

beforeAll(initTestI18n);
afterEach(cleanup);

const watched = (over: Partial<PublicExchange>): PublicExchange => ({
  ...publicExchange(
    historyItem(7, { status: 2, transactionHash: '0xabc', sourceTicker: 'ETH', destinationTicker: 'BNB' }),
  ),
  network: 'ETH',
  requiredConfirmations: 12,
  ...over,
});

describe('the steps of an exchange on a watched network', () => {
  it('shows the confirmations as text and as a progress bar while confirming', async () => {
    renderPage(<TrackingStepsList exchange={watched({ stage: 'confirming', depositConfirmations: 5 })} />);
    const bar = await screen.findByRole('progressbar', { name: 'Confirmations' });
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuemax', '12');
    expect(screen.getAllByText('5 of 12 confirmations').length).toBeGreaterThan(0);
    expect(screen.getByTestId('step-Confirming')).toHaveAttribute('data-state', 'current');
  });

  it('says what part arrived while waiting for the rest, and who holds it under review', async () => {
    renderPage(
      <TrackingStepsList
        exchange={watched({
          stage: 'awaitingDeposit',
          amount: '0.05',
          amountReceived: '0.02',
          depositConfirmations: 12,
        })}
      />,
    );
    expect(await screen.findByText(/0\.02.*of.*0\.05.*ETH received/)).toBeInTheDocument();
    cleanup();
    renderPage(<TrackingStepsList exchange={watched({ stage: 'review', depositConfirmations: 12 })} />);
    expect(await screen.findByTestId('step-Sending')).toHaveAttribute('data-state', 'hold');
  });
});
