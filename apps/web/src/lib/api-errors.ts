import {
  type ApiError,
  type ErrorCode,
  type ErrorParams,
  hasErrorParams,
  isErrorCode,
} from '@vaultline/shared';
import { i18n, type TFunction } from './i18n';
// intl-format, not format: this module is in every first load and must not bring decimal.js.
import { formatNumber } from './intl-format';

/** The variant of a code's message that its values call for (`ServerErrors.<CODE>_<context>`). */
function contextOf(code: ErrorCode, params: ErrorParams | undefined): string | undefined {
  if (code === 'TOO_MANY_DECIMALS' && Number(params?.decimals) === 0) return 'whole';
  return undefined;
}

/**
 * The value a code's message counts with, which picks its plural form (`ServerErrors.<CODE>_one`,
 * `_few`...: "1 decimal", "2 decimals"; Russian has three forms).
 */
const COUNTED_BY: Partial<Record<ErrorCode, string>> = {
  TOO_MANY_DECIMALS: 'decimals',
  PARTNER_KEY_LIMIT: 'max',
  WEBHOOK_LIMIT: 'max',
};

/** The plural count of a code's message, when it has one and the server sent it as a number. */
function countOf(code: ErrorCode, params: ErrorParams | undefined): { count: number } | undefined {
  const name = COUNTED_BY[code];
  const value = name === undefined ? undefined : Number(params?.[name]);
  return value === undefined || !Number.isFinite(value) ? undefined : { count: value };
}

/** Numbers and decimal strings in the language's format (exact: Intl formats the string as is). */
function formatParams(params: ErrorParams | undefined, lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    const text = String(value);
    out[name] = /^\d+(\.\d+)?$/.test(text) ? formatNumber(text, { maximumFractionDigits: 20 }, lang) : text;
  }
  return out;
}

/**
 * The user-facing text of an API error in the UI language: the translation of its stable code
 * (`ServerErrors.<CODE>`, with the values from `error.params`). The server's English text is kept
 * only for a code the client does not know, a translation not loaded, or a value the code needs
 * but the server did not send.
 */
export function apiErrorText(error: Pick<ApiError, 'code' | 'error' | 'params'>, t?: TFunction): string {
  const { code, params } = error;
  if (!isErrorCode(code) || !hasErrorParams(code, params) || !i18n.isInitialized) return error.error;
  const key = `ServerErrors.${code}`;
  // A counted message has only its plural forms (`_one`, `_other`...).
  if (!i18n.exists(key) && !i18n.exists(`${key}_other`)) return error.error;
  const context = contextOf(code, params);
  const translate = t ?? i18n.t.bind(i18n);
  return translate(key, {
    ...formatParams(params, i18n.language),
    ...(context ? { context } : {}),
    ...countOf(code, params),
    defaultValue: error.error,
  });
}
