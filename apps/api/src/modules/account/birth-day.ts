import { MIN_SIGNUP_AGE_YEARS } from '@vaultline/shared';
import { badRequest } from '../../lib/errors';

const EARLIEST = '1900-01-01';
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A birthday a user sets on their profile: the sign-up rule (not in the future, not before 1900,
 * of age), so an account cannot be edited into one that could not have been opened.
 */
export function assertBirthDay(birthDay: string, now = new Date()): void {
  const today = isoDay(now);
  const field = (message: string) => ({ birthDay: message });
  if (birthDay > today) {
    const message = 'Your birthday cannot be in the future';
    throw badRequest(message, 'BIRTHDAY_IN_FUTURE', field(message));
  }
  if (birthDay < EARLIEST) {
    const message = 'Please enter your real birthday';
    throw badRequest(message, 'BIRTHDAY_INVALID', field(message));
  }
  const [y, m, d] = birthDay.split('-').map(Number) as [number, number, number];
  if (isoDay(new Date(Date.UTC(y + MIN_SIGNUP_AGE_YEARS, m - 1, d))) > today) {
    const message = `You must be at least ${MIN_SIGNUP_AGE_YEARS} years old to hold an account`;
    throw badRequest(message, 'TOO_YOUNG', field(message), { age: MIN_SIGNUP_AGE_YEARS });
  }
}
