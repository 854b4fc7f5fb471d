import { DEFAULT_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '@vaultline/shared';
import i18next from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export const i18n = i18next;

export function isLanguage(v: unknown): v is LanguageId {
  return typeof v === 'string' && (LANGUAGE_IDS as readonly string[]).includes(v);
}

/** Maps a browser tag (fr, fr-CA, de-AT, en-GB...) to a supported language, or null. */
export function matchBrowserLanguage(tag: string): LanguageId | null {
  const lower = tag.toLowerCase();
  if (isLanguage(lower)) return lower;
  const base = lower.split('-')[0];
  return LANGUAGE_IDS.find((id) => id.split('-')[0] === base) ?? null;
}

/**
 * DECISIONS §9: the stored choice, else the profile's preferred language, else the first supported
 * browser language, else en-us.
 */
export function chooseLanguage(input: {
  stored: string | null;
  profile?: string | null;
  browser?: readonly string[];
}): LanguageId {
  if (isLanguage(input.stored)) return input.stored;
  if (isLanguage(input.profile)) return input.profile;
  for (const tag of input.browser ?? []) {
    const m = matchBrowserLanguage(tag);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

export function currentLanguage(): LanguageId {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});

/** Loads the translations of the chosen language (JSON files under /i18n/). */
export async function initI18n(profileLanguage?: string | null): Promise<LanguageId> {
  const lng = chooseLanguage({
    stored: readStorage(STORAGE_KEYS.lang),
    profile: profileLanguage ?? null,
    browser: browserLanguages(),
  });
  if (i18n.isInitialized) {
    await i18n.changeLanguage(lng);
    return lng;
  }
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGE_IDS],
      lowerCaseLng: true,
      load: 'currentOnly',
      backend: { loadPath: '/i18n/{{lng}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return lng;
}

/** Switches the UI language and remembers the choice under `lang`. */
export async function setLanguage(lng: LanguageId): Promise<void> {
  await i18n.changeLanguage(lng);
  writeStorage(STORAGE_KEYS.lang, lng);
}
