/**
 * A typed date in the page's language rather than the browser's: a native date input shows the
 * browser's format whatever the page says, so a French page on an English browser asked for
 * MM/DD/YYYY. The order and separator come from Intl for the page language (en-us 12/31/1990,
 * fr-fr 31/12/1990, de-de and ru-ru 31.12.1990); ISO (1990-12-31) is always understood too.
 */

export type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  order: [DatePart, DatePart, DatePart];
  separator: string;
}

const cache = new Map<string, DatePattern>();

export function datePattern(lang: string): DatePattern {
  const known = cache.get(lang);
  if (known) return known;
  const parts = new Intl.DateTimeFormat(lang, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(new Date(Date.UTC(2001, 10, 22)));
  const order = parts
    .map((p) => p.type)
    .filter((t): t is DatePart => t === 'day' || t === 'month' || t === 'year');
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  const pattern: DatePattern =
    order.length === 3
      ? { order: order as DatePattern['order'], separator }
      : { order: ['day', 'month', 'year'], separator };
  cache.set(lang, pattern);
  return pattern;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** YYYY-MM-DD of a real calendar day, or null. */
function isoOf(y: number, m: number, d: number): string | null {
  if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
}

/** What the user typed, as YYYY-MM-DD, or null when it is not a whole, real date. */
export function parseDateInput(text: string, lang: string): string | null {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const pieces = s.split(/\s*[./\-\s]\s*/);
  if (pieces.length !== 3 || !pieces.every((p) => /^\d{1,4}$/.test(p))) return null;
  const { order } = datePattern(lang);
  const value: Record<DatePart, number> = { day: 0, month: 0, year: 0 };
  order.forEach((part, i) => {
    value[part] = Number(pieces[i]);
  });
  // A four-digit year only: "90" could be 1990 or 2090.
  if ((pieces[order.indexOf('year')] ?? '').length !== 4) return null;
  return isoOf(value.year, value.month, value.day);
}

/** YYYY-MM-DD written the page language's way (31.12.1990), or '' for anything else. */
export function formatDateInput(iso: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return '';
  const value: Record<DatePart, string> = { year: m[1] ?? '', month: m[2] ?? '', day: m[3] ?? '' };
  const { order, separator } = datePattern(lang);
  return order.map((p) => value[p]).join(separator);
}

/** The day of a YYYY-MM-DD in long form ("22 novembre 2001"), read as a calendar day (no time zone shift). */
export function formatLongDate(iso: string, lang: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))),
  );
}
