import { DEFAULT_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '@vaultline/shared';
import i18next, { type BackendModule } from 'i18next';
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

async function fetchTexts(lng: string): Promise<object> {
  const res = await fetch(`/i18n/${lng}.json`);
  if (!res.ok) throw new Error(`/i18n/${lng}.json: HTTP ${res.status}`);
  return (await res.json()) as object;
}

/**
 * Reads public/i18n/<lng>.json, the current language only: every file holds every key (checked by
 * i18n-files.test.ts), so no fallback file is fetched beside it. A language whose file cannot be read
 * gets en-us's texts rather than raw keys. (A few lines instead of i18next-http-backend, which is in
 * every first load.)
 */
const jsonFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, _ns, done) {
    fetchTexts(lng)
      .catch((err: unknown) =>
        lng === DEFAULT_LANGUAGE ? Promise.reject(err) : fetchTexts(DEFAULT_LANGUAGE),
      )
      .then(
        (texts) => done(null, texts as Parameters<typeof done>[1]),
        (err: unknown) => done(String(err), false),
      );
  },
};

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
    .use(jsonFiles)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...LANGUAGE_IDS],
      lowerCaseLng: true,
      load: 'currentOnly',
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
