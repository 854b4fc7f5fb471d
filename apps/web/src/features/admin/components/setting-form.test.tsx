import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkChatKey, checkMinimum } from '../lib/settings-validation';
import { initTestI18n } from '../test/render';
import { SettingForm } from './setting-form';

beforeAll(initTestI18n);
afterEach(cleanup);

function renderMinimum(saving = false, initial = '99') {
  const onSave = vi.fn();
  const view = render(
    <SettingForm
      title="Minimum transaction amount"
      label="Minimum transaction amount (USD)"
      initial={initial}
      input={{ type: 'number', step: '0.01', min: '1' }}
      check={checkMinimum}
      saving={saving}
      submitLabel="Save Changes"
      savingLabel="Saving..."
      onSave={onSave}
    />,
  );
  return { onSave, view };
}
const field = () => screen.getByLabelText('Minimum transaction amount (USD)');
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save Changes|Saving/ }));

describe('settings validation (spec-2 §5: errors only after a submit attempt; nothing sent when invalid)', () => {
  it('says nothing while typing, then the message after submit, and sends nothing', () => {
    const { onSave } = renderMinimum();
    fireEvent.change(field(), { target: { value: '' } });
    expect(screen.queryByText('Minimum transaction amount is required')).toBeNull();
    save();
    expect(screen.getByText('Minimum transaction amount is required')).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');

    // After the first attempt the message follows the value.
    fireEvent.change(field(), { target: { value: '0.5' } });
    expect(screen.getByText('Amount must be greater than 0')).toBeInTheDocument();
    fireEvent.change(field(), { target: { value: '1.234' } });
    expect(screen.getByText('Amount must be a valid currency value')).toBeInTheDocument();
    save();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends the checked value once valid', () => {
    const { onSave } = renderMinimum();
    fireEvent.change(field(), { target: { value: '150.50' } });
    save();
    expect(onSave).toHaveBeenCalledWith('150.5');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a spinner and a disabled button while saving', () => {
    const { onSave } = renderMinimum(true);
    const button = screen.getByRole('button', { name: /Saving/ });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Saving...');
    expect(screen.getByRole('status')).toBeInTheDocument();
    save();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('trims the chat key and refuses a short one', () => {
    const onSave = vi.fn();
    render(
      <SettingForm
        title="Tidio chat"
        label="Tidio chat key"
        initial=""
        check={checkChatKey}
        saving={false}
        submitLabel="Save Settings"
        savingLabel="Saving..."
        onSave={onSave}
      />,
    );
    const key = screen.getByLabelText('Tidio chat key');
    fireEvent.change(key, { target: { value: '  short  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      screen.getByText('Please enter a valid Tidio chat key (at least 10 characters)'),
    ).toBeInTheDocument();
    fireEvent.change(key, { target: { value: '  abcdefghijklmnop  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(onSave).toHaveBeenCalledWith('abcdefghijklmnop');
  });
});
