import { describe, expect, it } from 'vitest';
import { checkChatKey, checkFeePercent, checkMinimum } from './settings-validation';

describe('minimum transaction amount (spec-2 §5)', () => {
  it('is required', () => {
    expect(checkMinimum('')).toEqual({ ok: false, key: 'Admin.Settings.MinimumRequired' });
    expect(checkMinimum('   ')).toEqual({ ok: false, key: 'Admin.Settings.MinimumRequired' });
  });
  it('is at least 1', () => {
    expect(checkMinimum('0.99')).toEqual({ ok: false, key: 'Admin.Settings.MinimumTooLow' });
    expect(checkMinimum('0')).toEqual({ ok: false, key: 'Admin.Settings.MinimumTooLow' });
  });
  it('is a non-negative amount with at most 2 decimals', () => {
    expect(checkMinimum('12.345')).toEqual({ ok: false, key: 'Admin.Settings.MinimumInvalid' });
    expect(checkMinimum('-5')).toEqual({ ok: false, key: 'Admin.Settings.MinimumInvalid' });
    expect(checkMinimum('abc')).toEqual({ ok: false, key: 'Admin.Settings.MinimumInvalid' });
  });
  it('accepts 1, 99 and 150.5 as they will be stored', () => {
    expect(checkMinimum('1')).toEqual({ ok: true, value: '1' });
    expect(checkMinimum(' 99.00 ')).toEqual({ ok: true, value: '99' });
    expect(checkMinimum('150.5')).toEqual({ ok: true, value: '150.5' });
  });
});

describe('chat widget key (spec-2 §5)', () => {
  it('needs 10 characters after trimming and is saved trimmed', () => {
    expect(checkChatKey('  abcdefghi  ')).toEqual({ ok: false, key: 'Admin.Settings.ChatKeyInvalid' });
    expect(checkChatKey('  abcdefghij  ')).toEqual({ ok: true, value: 'abcdefghij' });
  });
  it('refuses characters that could change the script address', () => {
    expect(checkChatKey('abcdefghij/../x')).toEqual({ ok: false, key: 'Admin.Settings.ChatKeyCharacters' });
  });
  it('refuses a key over 200 characters', () => {
    expect(checkChatKey('a'.repeat(201))).toMatchObject({ ok: false, key: 'Admin.Settings.ChatKeyTooLong' });
  });
});

describe('conversion fee in percent', () => {
  it('turns a percentage into the stored fraction', () => {
    expect(checkFeePercent('0.5')).toEqual({ ok: true, value: '0.005' });
    expect(checkFeePercent('0,25')).toEqual({ ok: true, value: '0.0025' });
    expect(checkFeePercent('10')).toEqual({ ok: true, value: '0.1' });
    expect(checkFeePercent('0')).toEqual({ ok: true, value: '0' });
  });
  it('refuses empty, over 10 % and more than 4 decimals', () => {
    expect(checkFeePercent('')).toEqual({ ok: false, key: 'Admin.Settings.FeeRequired' });
    expect(checkFeePercent('10.01')).toMatchObject({ ok: false, key: 'Admin.Settings.FeeInvalid' });
    expect(checkFeePercent('0.12345')).toMatchObject({ ok: false, key: 'Admin.Settings.FeeInvalid' });
    expect(checkFeePercent('-1')).toMatchObject({ ok: false, key: 'Admin.Settings.FeeInvalid' });
  });
});
