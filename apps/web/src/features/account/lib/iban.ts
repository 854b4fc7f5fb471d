import { checkIban, formatIban, type IbanProblem } from '@vaultline/shared';

/** The translation key of each IBAN problem (the same check the server makes, with ibantools). */
export const IBAN_PROBLEM_KEYS: Record<IbanProblem, string> = {
  required: 'MyAccount.Iban.Errors.Required',
  characters: 'MyAccount.Iban.Errors.Characters',
  country: 'MyAccount.Iban.Errors.Country',
  length: 'MyAccount.Iban.Errors.Length',
  format: 'MyAccount.Iban.Errors.Format',
  checksum: 'MyAccount.Iban.Errors.Checksum',
};

/** What the form sends, or the key of what is wrong with it. */
export function ibanInput(text: string): { iban: string } | { errorKey: string } {
  const checked = checkIban(text);
  return checked.ok ? { iban: checked.iban } : { errorKey: IBAN_PROBLEM_KEYS[checked.problem] };
}

/** An IBAN for reading: upper case, groups of four ("CH93 0076 2011 6238 5295 7"). */
export function displayIban(iban: string): string {
  return formatIban(iban.replace(/\s+/g, '').toUpperCase());
}
