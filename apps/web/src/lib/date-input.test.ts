import { describe, expect, it } from 'vitest';
import { datePattern, formatDateInput, formatLongDate, parseDateInput } from './date-input';

describe('date input in the page language', () => {
  it.each([
    ['en-us', ['month', 'day', 'year'], '/'],
    ['fr-fr', ['day', 'month', 'year'], '/'],
    ['de-de', ['day', 'month', 'year'], '.'],
    ['ru-ru', ['day', 'month', 'year'], '.'],
  ])('%s writes dates as %j with "%s"', (lang, order, separator) => {
    expect(datePattern(lang)).toEqual({ order, separator });
  });

  it.each([
    ['en-us', '12/31/1990', '1990-12-31'],
    ['fr-fr', '31/12/1990', '1990-12-31'],
    ['de-de', '9.12.1990', '1990-12-09'],
    ['ru-ru', '09.12.1990', '1990-12-09'],
    ['fr-fr', '09-12-1990', '1990-12-09'],
    ['de-de', '1990-12-09', '1990-12-09'],
  ])('%s reads %s as %s', (lang, text, iso) => {
    expect(parseDateInput(text, lang)).toBe(iso);
  });

  it('reads the same digits by the page language, not the browser', () => {
    expect(parseDateInput('02/03/1990', 'en-us')).toBe('1990-02-03');
    expect(parseDateInput('02/03/1990', 'fr-fr')).toBe('1990-03-02');
  });

  it.each(['31/02/1990', '12/31/1990', '1/1/90', '', '31.12', 'abc', '2001-02-29'])(
    'refuses %j on a French page (not a whole, real day)',
    (text) => {
      expect(parseDateInput(text, 'fr-fr')).toBeNull();
    },
  );

  it('writes a day back the language way and reads it long, without a time-zone shift', () => {
    expect(formatDateInput('1990-12-09', 'en-us')).toBe('12/09/1990');
    expect(formatDateInput('1990-12-09', 'de-de')).toBe('09.12.1990');
    expect(formatDateInput('not a date', 'de-de')).toBe('');
    expect(formatLongDate('1990-12-09', 'fr-fr')).toBe('9 décembre 1990');
    expect(formatLongDate('1990-12-09', 'en-us')).toBe('December 9, 1990');
    expect(formatLongDate('2026-01-01T00:30:00.000Z', 'de-de')).toBe('1. Januar 2026');
    expect(formatLongDate('1990-12-09', 'ru-ru')).toMatch(/^9 декабря 1990/);
  });
});
