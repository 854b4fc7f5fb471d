import { MIN_SIGNUP_AGE_YEARS } from '@vaultline/shared';
import { badRequest } from '../../lib/errors';

const EARLIEST = '1900-01-01';

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Refuses a birthday in the future, before 1900, or of someone younger than MIN_SIGNUP_AGE_YEARS.
 * Someone born on 29 February comes of age on 1 March in a non-leap year.
 */
export function assertSignupAge(birthDay: string, now = new Date()): void {
  const today = isoDay(now);
  if (birthDay > today) {
    throw badRequest('Your birthday cannot be in the future', 'BIRTHDAY_IN_FUTURE', {
      birthDay: 'Your birthday cannot be in the future',
    });
  }
  if (birthDay < EARLIEST) {
    throw badRequest('Please enter your real birthday', 'BIRTHDAY_INVALID', {
      birthDay: 'Please enter your real birthday',
    });
  }
  const [y, m, d] = birthDay.split('-').map(Number) as [number, number, number];
  const comingOfAge = isoDay(new Date(Date.UTC(y + MIN_SIGNUP_AGE_YEARS, m - 1, d)));
  if (comingOfAge > today) {
    const message = `You must be at least ${MIN_SIGNUP_AGE_YEARS} years old to sign up`;
    throw badRequest(message, 'TOO_YOUNG', { birthDay: message }, { age: MIN_SIGNUP_AGE_YEARS });
  }
}
