/**
 * The app's translator: the part of i18next it used (decision 0023), in ~1 kB instead of ~20 kB of
 * first-load JavaScript. Texts are nested JSON objects; a key names a text by its path ("Home.Title").
 * Plurals follow i18next's file convention (`Key_one`, `Key_few`, `Key_many`, `Key_other`, chosen by
 * Intl.PluralRules of the language) so the translation files did not change.
 */

/** A translation file: nested objects of texts. */
export interface Texts {
  [key: string]: string | Texts;
}

/**
 * Options of t(): values for `{{name}}` placeholders, `count` (picks the plural form and fills
 * `{{count}}`), `context` (the `Key_<context>` variant, when it exists) and `defaultValue` (the text
 * when the key is missing).
 */
export interface TParams {
  count?: number;
  context?: string;
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, params?: TParams) => string;

/** The text at a dotted path, or undefined (an object at that path is not a text). */
function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const rules = new Map<string, Intl.PluralRules>();
/** The plural category of `count` in `lng` (one, few, many, other...). */
function pluralOf(lng: string, count: number): string {
  let r = rules.get(lng);
  if (!r) {
    try {
      r = new Intl.PluralRules(lng);
    } catch {
      r = new Intl.PluralRules('en');
    }
    rules.set(lng, r);
  }
  return r.select(count);
}

/**
 * Fills `{{name}}` with params.name. No HTML escaping: React escapes what it renders. A placeholder
 * without a value is left as written, as i18next did.
 */
export function interpolate(text: string, params?: TParams): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? match : String(v);
  });
}

/** The keys tried for a text, most specific first: context and plural variants, then the key itself. */
function candidates(lng: string, key: string, params?: TParams): string[] {
  const bases = params?.context ? [`${key}_${params.context}`, key] : [key];
  if (typeof params?.count !== 'number') return bases;
  const form = pluralOf(lng, params.count);
  return bases.flatMap((b) => [`${b}_${form}`, `${b}_other`, b]);
}

/** The text of `key` in `texts`, interpolated; the default value or the key itself when missing. */
export function translate(texts: Texts, lng: string, key: string, params?: TParams): string {
  for (const k of candidates(lng, key, params)) {
    const text = lookup(texts, k);
    if (text !== undefined) return interpolate(text, params);
  }
  return params?.defaultValue === undefined ? key : interpolate(params.defaultValue, params);
}

export interface Translator<L extends string> {
  /** The current language (the one whose texts t() reads). */
  readonly language: L;
  /** True once a first language was set (its file read, or failed to be). */
  readonly isInitialized: boolean;
  /** Translates in the current language; a new function after every change (for React's memos). */
  readonly t: TFunction;
  /** Whether `key` names a text in the current language. */
  exists(key: string): boolean;
  /** Loads `lng`'s texts (once) and makes it current; the last call wins when several overlap. */
  changeLanguage(lng: L): Promise<void>;
  /** Adds or replaces the texts of a language (tests; files already at hand). */
  addResourceBundle(lng: L, texts: Texts): void;
  /** Calls `listener` after every change of language or texts; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * A translator starting in `language` with no texts; `load` reads a language's texts (a rejection
 * leaves that language without texts: t() then returns keys).
 */
export function createTranslator<L extends string>(options: {
  language: L;
  load: (lng: L) => Promise<Texts>;
}): Translator<L> {
  const bundles = new Map<L, Texts>();
  const listeners = new Set<() => void>();
  let language = options.language;
  let initialized = false;
  let latest = 0;
  const fixedT = (): TFunction => {
    const lng = language;
    const texts = bundles.get(lng) ?? {};
    return (key, params) => translate(texts, lng, key, params);
  };
  let t = fixedT();
  const changed = () => {
    t = fixedT();
    for (const l of listeners) l();
  };

  return {
    get language() {
      return language;
    },
    get isInitialized() {
      return initialized;
    },
    get t() {
      return t;
    },
    exists: (key) => lookup(bundles.get(language) ?? {}, key) !== undefined,
    async changeLanguage(lng) {
      const ticket = ++latest;
      if (!bundles.has(lng)) {
        try {
          bundles.set(lng, await options.load(lng));
        } catch {
          // Shown as keys rather than staying in the previous language the user moved away from.
        }
      }
      if (ticket !== latest) return;
      language = lng;
      initialized = true;
      changed();
    },
    addResourceBundle(lng, texts) {
      bundles.set(lng, texts);
      if (lng === language) changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
