import { DEFAULT_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '@vaultline/shared';
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';
import { createTranslator, type Texts, type TFunction } from './translator';

export type { Texts, TFunction, TParams } from './translator';

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

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

async function fetchTexts(lng: string): Promise<Texts> {
  const res = await fetch(`/i18n/${lng}.json`);
  if (!res.ok) throw new Error(`/i18n/${lng}.json: HTTP ${res.status}`);
  return (await res.json()) as Texts;
}

/**
 * The app's translator (lib/translator.ts). It reads public/i18n/<lng>.json, the current language
 * only: every file holds every key (checked by i18n-files.test.ts), so no fallback file is fetched
 * beside it. A language whose file cannot be read gets en-us's texts rather than raw keys.
 */
export const i18n = createTranslator<LanguageId>({
  language: DEFAULT_LANGUAGE,
  load: (lng) =>
    fetchTexts(lng).catch((err: unknown) =>
      lng === DEFAULT_LANGUAGE ? Promise.reject(err) : fetchTexts(DEFAULT_LANGUAGE),
    ),
});

i18n.subscribe(() => {
  if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;
});

/** The current language (en-us until the first one is set). */
export const currentLanguage = (): LanguageId => i18n.language;

/**
 * `{ t, i18n }` for a component, which renders again when the language (or its texts) changes; `t`
 * is a new function then, so memos depending on it recompute.
 */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(i18n.subscribe, () => i18n.t);
  return { t, i18n };
}

/** Loads the translations of the chosen language (JSON files under /i18n/). */
export async function initI18n(profileLanguage?: string | null): Promise<LanguageId> {
  const lng = chooseLanguage({
    stored: readStorage(STORAGE_KEYS.lang),
    profile: profileLanguage ?? null,
    browser: browserLanguages(),
  });
  await i18n.changeLanguage(lng);
  return lng;
}

/** Switches the UI language and remembers the choice under `lang`. */
export async function setLanguage(lng: LanguageId): Promise<void> {
  await i18n.changeLanguage(lng);
  writeStorage(STORAGE_KEYS.lang, lng);
}
