import { describe, expect, it } from 'vitest';
import { parsePartnerArg, partnersFromArgs } from './set-partners';

describe('settings:partners arguments', () => {
  it('reads a name alone or a name with its site', () => {
    expect(parsePartnerArg('Acme')).toEqual({ name: 'Acme' });
    expect(parsePartnerArg('Acme Bank=https://acme.example/?a=b')).toEqual({
      name: 'Acme Bank',
      url: 'https://acme.example/?a=b',
    });
    // An "=" that does not start an address belongs to the name.
    expect(parsePartnerArg('A=B')).toEqual({ name: 'A=B' });
  });

  it('builds the list from arguments, JSON or --clear; nothing means print', () => {
    expect(partnersFromArgs(['Acme=https://acme.example', 'Other'])).toEqual([
      { name: 'Acme', url: 'https://acme.example' },
      { name: 'Other' },
    ]);
    expect(partnersFromArgs(['--json', '[{"name":"Acme"}]'])).toEqual([{ name: 'Acme' }]);
    expect(partnersFromArgs(['--clear'])).toEqual([]);
    expect(partnersFromArgs([])).toBeUndefined();
  });

  it('refuses a bad link, bad JSON or two ways at once', () => {
    expect(() => partnersFromArgs(['Acme=http://localhost'])).toThrow();
    expect(() => partnersFromArgs(['Acme=ftp://acme.example'])).toThrow();
    expect(() => partnersFromArgs(['--json', '{'])).toThrow();
    expect(() => partnersFromArgs(['--clear', 'Acme'])).toThrow(/either/);
  });
});
