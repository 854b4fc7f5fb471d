import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/render';
import { Pager } from './pager';

beforeAll(initTestI18n);
afterEach(cleanup);

const renderPager = (page: number, total: number, onChange = vi.fn()) => {
  render(<Pager label="Pages" page={page} total={total} pageSize={10} onChange={onChange} />);
  return onChange;
};
const pageButtons = () => screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);

describe('Pager (spec-2 §9, page size 10)', () => {
  it('is hidden when everything fits on one page', () => {
    renderPager(1, 10);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the first five, the last, and the neighbours of the current page', () => {
    renderPager(10, 200);
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '9', '10', '11', '20']);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Page 10 of 20 · 200 in all')).toBeInTheDocument();
  });

  it('moves with previous, next and a page button; previous is disabled on the first page', () => {
    const onChange = renderPager(1, 25);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[2], [3]]);
  });
});
