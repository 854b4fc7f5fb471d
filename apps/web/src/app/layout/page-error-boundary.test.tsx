import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function Page({ fail }: { fail: boolean }) {
  if (fail) throw new Error('chunk failed to load');
  return <p>page</p>;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PageErrorBoundary', () => {
  it('shows the fallback when the page throws, and the page again on another URL', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    const ui = (resetKey: string, fail: boolean) => (
      <PageErrorBoundary resetKey={resetKey} fallback={<p role="alert">failed</p>}>
        <Page fail={fail} />
      </PageErrorBoundary>
    );
    const view = render(ui('/a', true));
    expect(screen.getByRole('alert')).toHaveTextContent('failed');
    view.rerender(ui('/a', false));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    view.rerender(ui('/b', false));
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
