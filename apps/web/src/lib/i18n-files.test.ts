import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGE_IDS } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';

// Every language file must hold every key of en-us, with a non-empty text, and the same
// {{placeholders}}: a missing key would show its raw name to a user.
const dir = path.resolve(import.meta.dirname, '../../public/i18n');
const load = (lang: string) => JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as object;

function flatten(o: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as object, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const english = flatten(load('en-us'));

describe('translation files', () => {
  it('en-us is not empty', () => {
    expect(english.size).toBeGreaterThan(200);
  });

  for (const lang of LANGUAGE_IDS.filter((l) => l !== 'en-us')) {
    it(`${lang} has every key of en-us with the same placeholders and no extra key`, () => {
      const other = flatten(load(lang));
      const missing = [...english.keys()].filter((k) => !other.get(k)?.trim());
      // Languages with more plural forms (ru: _few, _many) may add those beside en-us's _one/_other.
      const isPluralForm = (k: string) =>
        /_(zero|one|two|few|many|other)$/.test(k) &&
        english.has(k.replace(/_(zero|one|two|few|many|other)$/, '_other'));
      const extra = [...other.keys()].filter((k) => !english.has(k) && !isPluralForm(k));
      const mismatched = [...english].filter(
        ([k, v]) => other.has(k) && placeholders(v).join() !== placeholders(other.get(k) ?? '').join(),
      );
      expect({ missing, extra, mismatched: mismatched.map(([k]) => k) }).toEqual({
        missing: [],
        extra: [],
        mismatched: [],
      });
    });
  }
});
