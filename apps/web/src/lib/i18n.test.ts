import { describe, expect, it } from 'vitest';
import { chooseLanguage, matchBrowserLanguage } from './i18n';

describe('language on start (DECISIONS §9)', () => {
  it('uses the stored choice first', () => {
    expect(chooseLanguage({ stored: 'de-de', profile: 'fr-fr', browser: ['ru-RU'] })).toBe('de-de');
  });

  it('then the profile language', () => {
    expect(chooseLanguage({ stored: null, profile: 'fr-fr', browser: ['ru-RU'] })).toBe('fr-fr');
  });

  it('then the first supported browser language', () => {
    expect(chooseLanguage({ stored: null, profile: null, browser: ['es-ES', 'ru-RU', 'de'] })).toBe('ru-ru');
    expect(chooseLanguage({ stored: null, browser: ['fr-CA'] })).toBe('fr-fr');
    expect(chooseLanguage({ stored: null, browser: ['de'] })).toBe('de-de');
    expect(chooseLanguage({ stored: null, browser: ['en-GB'] })).toBe('en-us');
  });

  it('else en-us', () => {
    expect(chooseLanguage({ stored: null, profile: null, browser: ['es-ES', 'ja'] })).toBe('en-us');
    expect(chooseLanguage({ stored: null })).toBe('en-us');
  });

  it('ignores an unsupported stored or profile value', () => {
    expect(chooseLanguage({ stored: 'es-es', profile: 'xx', browser: ['de-AT'] })).toBe('de-de');
  });

  it('matches browser tags case-insensitively', () => {
    expect(matchBrowserLanguage('RU-ru')).toBe('ru-ru');
    expect(matchBrowserLanguage('pt-BR')).toBeNull();
  });
});
