import { describe, expect, it } from 'vitest';
import { bankStatusBadge } from './bank-status';
import { countryOptions } from './countries';
import { displayIban, ibanInput } from './iban';

describe('IBAN display and check', () => {
  it('shows an IBAN in groups of four, upper case', () => {
    expect(displayIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7');
    expect(displayIban('gb82 west1234 5698 765432')).toBe('GB82 WEST 1234 5698 7654 32');
  });

  it('sends a valid IBAN in electronic format', () => {
    expect(ibanInput(' ch93 0076 2011 6238 5295 7 ')).toEqual({ iban: 'CH9300762011623852957' });
  });

  it.each([
    ['CH93 0076 2011 6238 5295 8', 'MyAccount.Iban.Errors.Checksum'],
    ['DE89 3704 0044 0532 0130 01', 'MyAccount.Iban.Errors.Checksum'],
    ['QQ89 3704 0044 0532 0130 00', 'MyAccount.Iban.Errors.Country'],
    ['DE89 3704 0044 0532 0130', 'MyAccount.Iban.Errors.Length'],
    ['DE89-3704-0044-0532-0130-00', 'MyAccount.Iban.Errors.Characters'],
    ['   ', 'MyAccount.Iban.Errors.Required'],
  ])('refuses %j with %s', (text, errorKey) => {
    expect(ibanInput(text)).toEqual({ errorKey });
  });

  it('badges the review status with spec-2 names and colours', () => {
    expect(bankStatusBadge(-1)).toEqual({ key: 'MyAccount.Iban.Status.NotProcessed', tone: 'grey' });
    expect(bankStatusBadge(1)).toEqual({ key: 'MyAccount.Iban.Status.Approved', tone: 'green' });
    expect(bankStatusBadge(0)).toEqual({ key: 'MyAccount.Iban.Status.Refused', tone: 'red' });
    // Never shown as approved by mistake.
    expect(bankStatusBadge(7).tone).toBe('grey');
  });
});

describe('country list', () => {
  const countries = [
    {
      id: 276,
      iso31661Alpha2Code: 'DE',
      names: { 'en-us': 'Germany', 'fr-fr': 'Allemagne', 'de-de': 'Deutschland', 'ru-ru': 'Германия' },
    },
    {
      id: 40,
      iso31661Alpha2Code: 'AT',
      names: { 'en-us': 'Austria', 'fr-fr': 'Autriche', 'de-de': 'Österreich', 'ru-ru': 'Австрия' },
    },
    {
      id: 208,
      iso31661Alpha2Code: 'DK',
      names: { 'en-us': 'Denmark', 'fr-fr': 'Danemark', 'de-de': 'Dänemark', 'ru-ru': 'Дания' },
    },
  ];
  it('names and sorts the countries in the page language', () => {
    expect(countryOptions(countries, 'en-us').map((c) => c.name)).toEqual(['Austria', 'Denmark', 'Germany']);
    expect(countryOptions(countries, 'de-de').map((c) => c.name)).toEqual([
      'Dänemark',
      'Deutschland',
      'Österreich',
    ]);
    expect(countryOptions(countries, 'ru-ru').map((c) => c.code)).toEqual(['AT', 'DE', 'DK']);
  });
});
