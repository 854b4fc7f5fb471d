import { act, render, screen } from '@testing-library/react';
import { FEED_EVENT, type FeedUpdate, TransactionStatus } from '@vaultline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../auth/test/render';
import { FeedStatus } from './components/feed-status';
import { fakeFeedHub } from './test/fake-socket';
import { FeedProvider, useFeedUpdates } from './use-feed-updates';

const A = '3f2a6c1e-8d7b-4c5a-9e1f-2b3c4d5e6f70';
const B = '5b1e0c2d-1a2b-4c3d-8e4f-5a6b7c8d9e0f';

function Screen({ ids, got }: { ids: string[]; got: FeedUpdate[] }) {
  const { state } = useFeedUpdates({ watchIds: ids, onUpdate: (u) => got.push(u) });
  return <FeedStatus state={state} />;
}

beforeAll(initTestI18n);

describe('useFeedUpdates', () => {
  it('connects, shows the state, watches the ids (again when they change) and delivers updates', async () => {
    const { hub, sockets, last } = fakeFeedHub();
    const got: FeedUpdate[] = [];
    const ui = (ids: string[]) => (
      <FeedProvider hub={hub}>
        <Screen ids={ids} got={got} />
      </FeedProvider>
    );
    const view = render(ui([A]));
    expect(screen.getByTestId('feed-status')).toHaveTextContent('Connecting…');
    await act(async () => {});
    const socket = last();
    act(() => socket.fire('connect'));
    expect(screen.getByRole('status')).toHaveTextContent('Real-time updates: Live updates on');
    expect(socket.emitted).toEqual([[A]]);
    view.rerender(ui([A, B]));
    expect(socket.emitted).toEqual([[A], [A, B]]);
    const update = {
      id: B,
      status: TransactionStatus.pending,
      adminNotes: null,
      transactionHash: 'abc',
      updatedAt: '2026-11-23T12:00:00.000Z',
    };
    act(() => socket.fire(FEED_EVENT, update));
    expect(got).toEqual([update]);
    expect(sockets).toHaveLength(1);
  });
});
