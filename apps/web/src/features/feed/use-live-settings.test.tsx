import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { FEED_SETTINGS_EVENT, type PriceLock, type PublicSettings } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { fakeFeedHub } from './test/fake-socket';
import { FeedProvider } from './use-feed-updates';
import { useLiveSettings } from './use-live-settings';

function Page() {
  useLiveSettings();
  return null;
}

describe('useLiveSettings', () => {
  it("puts a pushed minimum and fee rate into the page's settings and open locks (premium keeps 0)", async () => {
    const { hub, last } = fakeFeedHub();
    const client = new QueryClient();
    client.setQueryData(['settings'], { minimumTransactionAmount: '99', feeRate: '0.005' } as PublicSettings);
    client.setQueryData(['convert', 'lock', 'a'], { minimumAmountUsd: '99', feeRate: '0.005' } as PriceLock);
    client.setQueryData(['convert', 'lock', 'p'], { minimumAmountUsd: '99', feeRate: '0' } as PriceLock);
    render(
      <QueryClientProvider client={client}>
        <FeedProvider hub={hub}>
          <Page />
        </FeedProvider>
      </QueryClientProvider>,
    );
    await act(async () => {
      await Promise.resolve();
    });
    const socket = last();
    act(() => socket.fire('connect'));
    // A malformed push changes nothing.
    act(() => socket.fire(FEED_SETTINGS_EVENT, { minimumTransactionAmount: 'lots' }));
    expect(client.getQueryData<PublicSettings>(['settings'])?.minimumTransactionAmount).toBe('99');
    act(() =>
      socket.fire(FEED_SETTINGS_EVENT, {
        minimumTransactionAmount: '120.5',
        feeRate: '0.01',
        updatedAt: new Date().toISOString(),
      }),
    );
    expect(client.getQueryData<PublicSettings>(['settings'])).toMatchObject({
      minimumTransactionAmount: '120.5',
      feeRate: '0.01',
    });
    expect(client.getQueryData<PriceLock>(['convert', 'lock', 'a'])).toMatchObject({
      minimumAmountUsd: '120.5',
      feeRate: '0.01',
    });
    expect(client.getQueryData<PriceLock>(['convert', 'lock', 'p'])).toMatchObject({
      minimumAmountUsd: '120.5',
      feeRate: '0',
    });
  });
});
