import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { initTestI18n } from '../../auth/test/render';
import { Faq } from './faq';
import { PartnersStrip } from './partners-strip';

beforeAll(initTestI18n);
const inI18n = (ui: React.ReactNode) => render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);

describe('partner strip', () => {
  it('renders nothing when the operator named no partner', () => {
    const { container } = inI18n(<PartnersStrip partners={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows exactly the configured partners, linking only those with a site', () => {
    inI18n(
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
    const { rerender } = inI18n(<Faq />);
    expect(screen.getByText(/locked for a short time/)).toBeInTheDocument();
    rerender(
      <I18nextProvider i18n={i18n}>
        <Faq lockTtlSeconds={45} />
      </I18nextProvider>,
    );
    expect(screen.getByText(/locked for 45 seconds/)).toBeInTheDocument();
  });
});
