import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, initTestI18n, renderAdmin } from '../test/render';
import { UserSearch } from './user-search';

const ANNA = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Anna',
  lastName: 'Berg',
  email: 'anna@example.com',
  status: 1,
};

beforeAll(initTestI18n);
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const box = () => screen.getByLabelText('Name, e-mail or user id');
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const searches = (calls: { url: string }[]) =>
  calls
    .filter((c) => c.url.includes('/Admin/searchUser'))
    .map((c) => new URL(c.url, 'http://x').searchParams.get('query'));

describe('user search debounce (spec-2 §2, §9: 1.5 s after the last keystroke)', () => {
  it('sends one search 1.5 s after the last keystroke, and the box is grey meanwhile', async () => {
    const api = fakeApi({ 'GET /api/Admin/searchUser': { status: 200, content: [ANNA] } });
    renderAdmin(<UserSearch initial="" />);

    type('a');
    expect(box()).toHaveAttribute('data-waiting', 'true');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    type('an');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    type('ann');
    // 2 s since the first keystroke, but only 1 s since the last: nothing sent yet.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(searches(api.calls)).toEqual([]);
    expect(box()).toHaveAttribute('data-waiting', 'true');

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches(api.calls)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(box()).not.toHaveAttribute('data-waiting');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches(api.calls)).toEqual(['ann']);
    // findBy polls on timers: let real ones run from here.
    vi.useRealTimers();
    expect(await screen.findByText('Anna Berg')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Anna Berg/ })).toHaveAttribute('href', `/admin/user/${ANNA.id}`);
  });

  it('sends nothing for a blank box and says when nobody matches', async () => {
    const api = fakeApi({ 'GET /api/Admin/searchUser': { status: 200, content: [] } });
    renderAdmin(<UserSearch initial="" />);
    type('   ');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(searches(api.calls)).toEqual([]);

    type('zz');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(searches(api.calls)).toEqual(['zz']);
    vi.useRealTimers();
    expect(await screen.findByText('No user found for “zz”.')).toBeInTheDocument();
  });
});
