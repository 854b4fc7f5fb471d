import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../auth/test/render';
import { Faq } from './faq';
import { PartnersStrip } from './partners-strip';

beforeAll(initTestI18n);

describe('partner strip', () => {
  it('renders nothing when the operator named no partner', () => {
    const { container } = render(<PartnersStrip partners={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows exactly the configured partners, linking only those with a site', () => {
    render(
      <PartnersStrip
        partners={[{ name: 'Acme Custody', url: 'https://acme.example' }, { name: 'Plain Co' }]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Our partners' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Acme Custody/ });
    expect(link).toHaveAttribute('href', 'https://acme.example');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Plain Co').closest('a')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('FAQ lock time', () => {
  it("states the server's lock lifetime once known, and no figure before", () => {
    const { rerender } = render(<Faq />);
    expect(screen.getByText(/locked for a short time/)).toBeInTheDocument();
    rerender(<Faq lockTtlSeconds={45} />);
    expect(screen.getByText(/locked for 45 seconds/)).toBeInTheDocument();
  });
});
