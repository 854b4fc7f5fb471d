import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../public/i18n/de-de.json';
import en from '../../public/i18n/en-us.json';
import fr from '../../public/i18n/fr-fr.json';
import ru from '../../public/i18n/ru-ru.json';
import { initTestI18n } from '../features/auth/test/render';
import { ApiRequestError } from './api-client';
import { i18n } from './i18n';
import { type Texts, translate } from './translator';

const FILES: Record<string, Texts> = { 'en-us': en, 'fr-fr': fr, 'de-de': de, 'ru-ru': ru };

function flatten(o: Texts, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(o)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const ruT = (key: string, params: Record<string, unknown>) => translate(ru, 'ru-ru', key, params);

describe('plural forms (Intl.PluralRules)', () => {
  it('Russian picks one, few and many by the number', () => {
    const rules = new Intl.PluralRules('ru-ru');
    expect([1, 21, 101].map((n) => rules.select(n))).toEqual(['one', 'one', 'one']);
    expect([2, 3, 4, 22, 34].map((n) => rules.select(n))).toEqual(['few', 'few', 'few', 'few', 'few']);
    expect([0, 5, 11, 12, 14, 25, 100].map((n) => rules.select(n))).toEqual(Array(7).fill('many'));
  });

  it('the Networks page counts blocks in each language ("0 блок(ов)" before)', () => {
    const blocks = (lang: string, count: number) =>
      translate(FILES[lang] ?? {}, lang, 'Admin.Networks.Blocks', { count });
    expect([0, 1, 2, 5, 11, 21, 22].map((n) => blocks('ru-ru', n))).toEqual([
      '0 блоков',
      '1 блок',
      '2 блока',
      '5 блоков',
      '11 блоков',
      '21 блок',
      '22 блока',
    ]);
    expect([0, 1, 2].map((n) => blocks('en-us', n))).toEqual(['0 blocks', '1 block', '2 blocks']);
    // French counts 0 and 1 as singular.
    expect([0, 1, 2].map((n) => blocks('fr-fr', n))).toEqual(['0 bloc', '1 bloc', '2 blocs']);
    expect([1, 3].map((n) => blocks('de-de', n))).toEqual(['1 Block', '3 Blöcke']);
  });

  it('confirmations agree with the number required, not the number seen', () => {
    const of = (seen: number, count: number) => ruT('Tracking.Chain.Steps.ConfirmationsOf', { seen, count });
    expect(of(0, 1)).toBe('0 из 1 подтверждения');
    expect(of(1, 3)).toBe('1 из 3 подтверждений');
    expect(of(2, 12)).toBe('2 из 12 подтверждений');
    expect(translate(en, 'en-us', 'Tracking.Chain.Steps.ConfirmationsOf', { seen: 0, count: 1 })).toBe(
      '0 of 1 confirmation',
    );
    expect(ruT('Admin.Networks.Waiting', { count: 3 })).toBe('3 выплаты ожидают');
    expect(ruT('Security.Recovery.Left', { count: 1 })).toBe('Остался 1 код восстановления');
    expect(ruT('Security.Recovery.Left', { count: 9 })).toBe('Осталось 9 кодов восстановления');
    expect(ruT('Security.Passkeys.Count', { count: 2 })).toBe('2 ключа доступа');
  });

  it('no text writes a count with a bracketed ending, and every {{count}} text has its forms', () => {
    for (const [lang, texts] of Object.entries(FILES)) {
      const flat = flatten(texts);
      const bracketed = [...flat].filter(([, v]) => /\w\((s|e|en|n|x|ов|а|ы|ей)\)/i.test(v));
      expect({ lang, bracketed }).toEqual({ lang, bracketed: [] });
      // A {{count}} text outside plural forms would read "1 blocks" / "5 блок".
      const unforms = [...flat.keys()].filter(
        (k) => /\{\{\s*count\s*\}\}/.test(flat.get(k) ?? '') && !/_(zero|one|two|few|many|other)$/.test(k),
      );
      expect({ lang, unforms }).toEqual({ lang, unforms: [] });
      if (lang === 'ru-ru') {
        const others = [...flat.keys()].filter((k) => k.endsWith('_other'));
        const incomplete = others.filter((k) =>
          ['one', 'few', 'many'].some((f) => !flat.has(k.replace(/_other$/, `_${f}`))),
        );
        expect(incomplete).toEqual([]);
      }
    }
  });
});

describe('counted server errors', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18n.addResourceBundle('ru-ru', ru);
  });
  afterEach(() => i18n.changeLanguage('en-us'));
  const error = (code: string, params: Record<string, string | number>) =>
    new ApiRequestError('/api/x', { status: 400, statusText: 'Bad Request', error: 'English', code, params });

  it('pick the form of their count', async () => {
    expect(error('TOO_MANY_DECIMALS', { ticker: 'XYZ', decimals: 1 }).message).toBe(
      'XYZ amounts have at most 1 decimal.',
    );
    expect(error('TOO_MANY_DECIMALS', { ticker: 'BTC', decimals: 8 }).message).toBe(
      'BTC amounts have at most 8 decimals.',
    );
    await i18n.changeLanguage('ru-ru');
    expect(error('WEBHOOK_LIMIT', { max: 5 }).message).toBe(
      'Можно добавить не более 5 адресов для вебхуков.',
    );
    expect(error('PARTNER_KEY_LIMIT', { max: 3 }).message).toBe(
      'У вас уже 3 активных API-ключа. Сначала отзовите один из них.',
    );
    expect(error('TOO_MANY_DECIMALS', { ticker: 'BTC', decimals: 0 }).message).toBe(
      'Суммы в BTC должны быть целыми числами.',
    );
  });
});
