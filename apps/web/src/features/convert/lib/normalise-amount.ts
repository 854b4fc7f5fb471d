/**
 * Accepts "0.5" and the comma decimal separator of fr/de/ru ("0,5"); nothing else. Its own module
 * (re-exported by amount.ts) so the home page's widget does not load amount.ts's decimal and zod code.
 */
export function normaliseAmount(input: string): string {
  const v = input.trim().replace(/\s/g, '');
  return /^\d*,\d+$/.test(v) ? v.replace(',', '.') : v;
}
