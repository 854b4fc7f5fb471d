import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../lib/notify';
import { fakeApi, initTestI18n, renderPage } from '../../auth/test/render';
import { ContactForm } from './contact-form';

beforeAll(initTestI18n);
beforeEach(() => notifications.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

function fillValid() {
  fill('Full name', 'Ada Lovelace');
  fill('E-mail', 'ada@example.com');
  fill(/^Phone/, '+41 79 123 45 67');
  fill('Message', 'When will my deposit be approved?');
}

describe('contact form', () => {
  it('checks each field before sending and sends nothing while one is wrong', async () => {
    const { calls } = fakeApi({});
    renderPage(<ContactForm />);
    submit();
    expect(await screen.findByText('Please enter your full name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Your message must be at least 10 characters.')).toBeInTheDocument();
    fill(/^Phone/, 'call me');
    submit();
    expect(await screen.findByText(/Please enter a valid phone number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends the message with the page language, thanks the user and clears the form', async () => {
    const { calls } = fakeApi({
      'POST /api/Contact': {
        status: 200,
        content: { id: '00000000-0000-4000-8000-000000000009', received: true },
      },
    });
    renderPage(<ContactForm />);
    fillValid();
    submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+41 79 123 45 67',
      message: 'When will my deposit be approved?',
      language: 'en-us',
    });
    expect(await screen.findByText('Your message was sent. Thank you!')).toBeInTheDocument();
    expect(notifications.get()).toMatchObject([
      {
        severity: 'Success',
        title: 'Message sent',
        message: 'Thank you for your message. We will answer you by e-mail.',
      },
    ]);
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('says why the server refused: too many messages, in the user language', async () => {
    // With the seconds to wait (fakeApi's answer type does not name `params`).
    const error = {
      error: 'Too many attempts. Please try again in 1 minute.',
      code: 'RATE_LIMITED',
      params: { seconds: 60 },
    };
    fakeApi({ 'POST /api/Contact': { status: 429, error } });
    renderPage(<ContactForm />);
    fillValid();
    submit();
    await waitFor(() => expect(notifications.get()).toHaveLength(1));
    const [note] = notifications.get();
    expect(note).toMatchObject({ severity: 'Error', title: 'Could not send your message' });
    expect(note?.message).toMatch(/60/);
    expect(screen.getByLabelText('Message')).toHaveValue('When will my deposit be approved?');
  });

  it("marks the fields the server's validation names", async () => {
    fakeApi({
      'POST /api/Contact': {
        status: 400,
        error: {
          error: 'Invalid body: message: Message must be at most 5000 characters',
          code: 'VALIDATION',
          fields: { message: 'Message must be at most 5000 characters' },
        },
      },
    });
    renderPage(<ContactForm />);
    fillValid();
    submit();
    expect(await screen.findByText('Your message can be at most 5000 characters.')).toBeInTheDocument();
    expect(notifications.get()[0]?.message).toBe('Please correct the fields marked in red.');
  });
});
