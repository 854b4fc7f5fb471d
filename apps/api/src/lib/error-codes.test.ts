import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CODE_PARAMS, ERROR_CODES, LANGUAGE_IDS } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { readSources, scanErrorCodes } from '../test/error-code-scan';

// Every code the API can send must be in the shared registry, and every registry code must read
// well in each language: a code without a translation would reach the user in English.
const root = path.resolve(import.meta.dirname, '../../../..');
const api = readSources(path.join(root, 'apps/api/src')).map((f) => ({
  ...f,
  path: `apps/api/src/${f.path}`,
}));
const shared = readSources(path.join(root, 'packages/shared/src')).map((f) => ({
  ...f,
  path: `packages/shared/src/${f.path}`,
}));
const scan = scanErrorCodes([...api, ...shared]);

/** Codes the web client makes itself (no answer, or an answer without an envelope). */
const CLIENT_CODES = ['NETWORK', 'HTTP'];

const loadLanguage = (lang: string) =>
  JSON.parse(readFileSync(path.join(root, 'apps/web/public/i18n', `${lang}.json`), 'utf8')) as {
    ServerErrors?: Record<string, string>;
  };
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '');

describe('error codes the API sends', () => {
  it('are found by the scan, framework-level handlers included', () => {
    // A scan that silently found nothing would make the next test pass for nothing.
    const expected = [
      'BAD_REQUEST',
      'VALIDATION',
      'MALFORMED_JSON',
      'PAYLOAD_TOO_LARGE',
      'ROUTE_NOT_FOUND',
      'XSRF',
      'RATE_LIMITED',
      'INTERNAL',
      'UNAUTHORIZED',
      'TOKEN_EXPIRED',
      'REFRESH_INVALID',
      'REFRESH_MISSING',
      'INSUFFICIENT_FUNDS',
      'BELOW_MINIMUM',
      'LOCK_EXPIRED',
      'PRICES_STALE',
      'WEBHOOK_SIGNATURE',
    ];
    expect(expected.filter((c) => !scan.codes.has(c))).toEqual([]);
  });

  it('are each reduced to literal codes (no dynamic code the scan cannot follow)', () => {
    expect(scan.unresolved).toEqual([]);
  });

  it('are all in the shared registry', () => {
    const missing = [...scan.codes].filter(([code]) => !(ERROR_CODES as string[]).includes(code));
    expect(missing.map(([code, where]) => `${code} (${where.join(', ')})`)).toEqual([]);
  });

  it('leave no registry code that nothing sends', () => {
    const unused = ERROR_CODES.filter((c) => !scan.codes.has(c) && !CLIENT_CODES.includes(c));
    expect(unused).toEqual([]);
  });
});

/**
 * A code's message: one text, or (a message that counts) one per plural form of the language
 * (`CODE_one`, `CODE_few`...): every form a count from 0 to 100 selects, and `_other`, the form the
 * translator falls back to (French's `many`, for millions, falls back to it).
 */
const formsOf = (lang: string) => {
  const rules = new Intl.PluralRules(lang);
  return [...new Set([...Array.from({ length: 101 }, (_, n) => rules.select(n)), 'other'])];
};
const PLURAL = /_(zero|one|two|few|many|other)$/;
function messagesOf(texts: Record<string, string>, code: string, lang: string): string[] | undefined {
  if (texts[code]?.trim()) return [texts[code] as string];
  const forms = formsOf(lang).map((f) => texts[`${code}_${f}`]?.trim());
  return forms.every((f) => f) ? (forms as string[]) : undefined;
}

describe('error code translations', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang} words every registry code with only the values the code carries`, () => {
      const texts = loadLanguage(lang).ServerErrors ?? {};
      const missing = ERROR_CODES.filter((c) => !messagesOf(texts, c, lang));
      const badPlaceholders = Object.entries(texts)
        .filter(([key, text]) => {
          const code = key.replace(/_whole$/, '').replace(PLURAL, '') as keyof typeof ERROR_CODE_PARAMS;
          const allowed: readonly string[] = ERROR_CODE_PARAMS[code] ?? [];
          return placeholders(text).some((p) => !allowed.includes(p));
        })
        .map(([key]) => key);
      expect({ missing, badPlaceholders }).toEqual({ missing: [], badPlaceholders: [] });
    });
  }

  it('en-us shows every value a code carries', () => {
    const texts = loadLanguage('en-us').ServerErrors ?? {};
    const unshown = ERROR_CODES.filter((c) =>
      (messagesOf(texts, c, 'en-us') ?? ['']).some((text) =>
        ERROR_CODE_PARAMS[c].some((p: string) => !placeholders(text).includes(p)),
      ),
    );
    expect(unshown).toEqual([]);
  });
});

describe('the scan', () => {
  const run = (text: string) => scanErrorCodes([{ path: 'x.ts', text }]);

  it('follows helpers, defaults, wrappers, constants, unions, lookups and returned codes', () => {
    const result = run(`
      class AppError extends Error { constructor(s: number, readonly code: string, m: string) { super(m); } }
      const bad = (m: string, code = 'BAD_DEFAULT') => new AppError(400, code, m);
      const ended = (code = 'ENDED') => bad('m', code);
      const typed = (code: 'T1' | 'T2') => bad('m', code);
      const NAMED = 'NAMED';
      const TABLE: Record<string, string> = { a: 'TABLE_A', b: 'TABLE_B' };
      function pick(x: number) { if (x) return 'PICK_A'; return x > 1 ? 'PICK_B' : 'PICK_C'; }
      interface Refusal { code: 'REFUSED_A' | 'REFUSED_B' }
      bad('m'); ended(); ended('ENDED_OTHER'); typed('T1'); bad('m', NAMED);
      bad('m', TABLE[k] ?? 'FALLBACK'); bad('m', pick(1)); bad('m', flag ? 'YES' : 'NO');
      new AppError(402, refusal.code, 'm');
    `);
    expect([...result.codes.keys()].sort()).toEqual(
      [
        'BAD_DEFAULT',
        'ENDED',
        'ENDED_OTHER',
        'T1',
        'T2',
        'NAMED',
        'TABLE_A',
        'TABLE_B',
        'FALLBACK',
        'PICK_A',
        'PICK_B',
        'PICK_C',
        'YES',
        'NO',
        'REFUSED_A',
        'REFUSED_B',
      ].sort(),
    );
    expect(result.unresolved).toEqual([]);
  });

  it('reports a code it cannot follow', () => {
    const result = run(`
      class AppError extends Error {}
      new AppError(400, somethingElse(), 'm');
      new AppError(400, \`CODE_\${n}\`, 'm');
      [1].map((code) => new AppError(400, code, 'm'));
    `);
    expect(result.unresolved).toHaveLength(3);
    expect(result.unresolved[0]).toMatch(/^x\.ts:3: new AppError\(400, somethingElse\(\)/);
  });
});
