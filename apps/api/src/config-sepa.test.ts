import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const SEPA = {
  SEPA_DEBTOR_NAME: 'Vaultline GmbH',
  SEPA_DEBTOR_IBAN: 'de89 3704 0044 0532 0130 00',
  SEPA_DEBTOR_BIC: 'cobadeffxxx',
};

describe('SEPA debtor settings', () => {
  it('are off without them, and read in electronic form when all three are set', () => {
    expect(loadConfig({}).sepa).toBeUndefined();
    expect(loadConfig(SEPA).sepa).toEqual({
      name: 'Vaultline GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('refuse an IBAN or a BIC that is not valid, and a partial set', () => {
    expect(() => loadConfig({ ...SEPA, SEPA_DEBTOR_IBAN: 'DE89370400440532013001' })).toThrow(
      /SEPA_DEBTOR_IBAN is not a valid IBAN/,
    );
    expect(() => loadConfig({ ...SEPA, SEPA_DEBTOR_BIC: 'COBA1' })).toThrow(
      /SEPA_DEBTOR_BIC is not a valid BIC/,
    );
    expect(() => loadConfig({ SEPA_DEBTOR_NAME: 'Vaultline GmbH' })).toThrow(/set together or not at all/);
  });
});
