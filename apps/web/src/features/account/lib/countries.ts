import type { Country, LanguageId } from '@vaultline/shared';

export interface CountryOption {
  id: number;
  code: string;
  name: string;
}

/** The countries named in the page language and sorted the way that language sorts (Intl.Collator). */
export function countryOptions(countries: readonly Country[], lang: LanguageId): CountryOption[] {
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  return countries
    .map((c) => ({ id: c.id, code: c.iso31661Alpha2Code, name: c.names[lang] ?? c.names['en-us'] }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** A country's name in the page language, from the list the server gave. */
export function countryName(countries: readonly Country[], id: number, lang: LanguageId): string | undefined {
  const c = countries.find((x) => x.id === id);
  return c ? (c.names[lang] ?? c.names['en-us']) : undefined;
}
