import { CONTACT_LIMITS, CONTACT_MESSAGES } from '@vaultline/shared';
import type { TFunction } from '../../../lib/i18n';

/**
 * The shared contact schema (and the server) speak English; these keys translate its messages, so
 * a check made in the browser and the same check answered by the server read alike.
 */
const KEYS: Record<string, string> = {
  [CONTACT_MESSAGES.fullNameRequired]: 'Contact.Validation.FullNameRequired',
  [CONTACT_MESSAGES.fullNameTooLong]: 'Contact.Validation.FullNameTooLong',
  [CONTACT_MESSAGES.phoneInvalid]: 'Contact.Validation.PhoneInvalid',
  [CONTACT_MESSAGES.messageRequired]: 'Contact.Validation.MessageRequired',
  [CONTACT_MESSAGES.messageTooShort]: 'Contact.Validation.MessageTooShort',
  [CONTACT_MESSAGES.messageTooLong]: 'Contact.Validation.MessageTooLong',
  [CONTACT_MESSAGES.noControlCharacters]: 'Contact.Validation.ControlCharacters',
  'Invalid e-mail address': 'Contact.Validation.EmailInvalid',
  'E-mail is too long': 'Contact.Validation.EmailTooLong',
};

const PARAMS = {
  nameMax: CONTACT_LIMITS.fullNameMax,
  messageMin: CONTACT_LIMITS.messageMin,
  messageMax: CONTACT_LIMITS.messageMax,
};

/** A field's message in the UI language; an unknown one as it came. */
export function contactFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEYS[message];
  return key ? t(key, PARAMS) : message;
}
