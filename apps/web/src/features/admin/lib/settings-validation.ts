import {
  ADMIN_ERRORS,
  ADMIN_LIMITS,
  chatWidgetKeySchema,
  Decimal,
  minimumTransactionAmountSchema,
} from '@vaultline/shared';
import type { z } from 'zod';

/** A setting typed by the admin: its value to send, or the i18n key (and values) of what is wrong. */
export type Checked =
  | { ok: true; value: string }
  | { ok: false; key: string; values?: Record<string, unknown> };

/** The shared schemas' exact English messages (spec-2 §5) and their keys in the translation files. */
const KEYS: Record<string, string> = {
  [ADMIN_ERRORS.minimumRequired]: 'Admin.Settings.MinimumRequired',
  [ADMIN_ERRORS.minimumTooLow]: 'Admin.Settings.MinimumTooLow',
  [ADMIN_ERRORS.minimumInvalid]: 'Admin.Settings.MinimumInvalid',
  [ADMIN_ERRORS.chatKeyInvalid]: 'Admin.Settings.ChatKeyInvalid',
  [ADMIN_ERRORS.chatKeyCharacters]: 'Admin.Settings.ChatKeyCharacters',
};

function check(schema: z.ZodType<string, string>, raw: string, fallback: Checked): Checked {
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  const message = r.error.issues[0]?.message ?? '';
  const key = KEYS[message];
  return key ? { ok: false, key } : fallback;
}

/**
 * spec-2 §5 minimum transaction amount: required, at least 1, a non-negative amount with at most
 * 2 decimals (the shared schema the server applies too).
 */
export const checkMinimum = (raw: string): Checked =>
  check(minimumTransactionAmountSchema, raw, { ok: false, key: 'Admin.Settings.MinimumInvalid' });

/** spec-2 §5 chat key: at least 10 characters after trimming, saved trimmed. */
export const checkChatKey = (raw: string): Checked =>
  check(chatWidgetKeySchema, raw, {
    ok: false,
    key: 'Admin.Settings.ChatKeyTooLong',
    values: { max: ADMIN_LIMITS.chatKeyMax },
  });

/** The fee as the admin types it, in percent: 0 to 10 with at most 4 decimals (6 as a fraction). */
const PERCENT = /^\d{1,2}(\.\d{1,4})?$/;

/** A fee typed in percent, checked and turned into the fraction the server stores (0.5 -> 0.005). */
export function checkFeePercent(raw: string): Checked {
  const text = raw.trim().replace(',', '.');
  if (!text) return { ok: false, key: 'Admin.Settings.FeeRequired' };
  if (!PERCENT.test(text) || new Decimal(text).gt(new Decimal(ADMIN_LIMITS.maxFeeRate).mul(100)))
    return { ok: false, key: 'Admin.Settings.FeeInvalid', values: { max: 10 } };
  return { ok: true, value: new Decimal(text).div(100).toFixed() };
}

/** A stored fee fraction as percent for the field (0.005 -> "0.5"). */
export const feeToPercent = (fraction: string): string => new Decimal(fraction).mul(100).toFixed();
