import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AUDIT_ACTIONS, AUDIT_TARGETS, LANGUAGE_IDS } from '@vaultline/shared';
import { describe, expect, it } from 'vitest';
import { actionKey } from '../components/audit-entry-row';

// A new kind of admin change must get its name on the audit-log page (and in its filter) in every
// language, or the page would show a raw key.
const dir = path.resolve(import.meta.dirname, '../../../../public/i18n');
const lookup = (o: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      o,
    );

describe('audit log texts', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang} names every audit action and target`, () => {
      const texts = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as unknown;
      const missing = [
        ...AUDIT_ACTIONS.map(actionKey),
        ...AUDIT_TARGETS.map((t) => `Admin.Audit.Targets.${t}`),
      ].filter((k) => typeof lookup(texts, k) !== 'string');
      expect(missing).toEqual([]);
    });
  }
});
