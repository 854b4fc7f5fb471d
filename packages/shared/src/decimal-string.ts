/** Plain decimal notation: digits, optional fraction, no sign, no exponent, no spaces. */
export const DECIMAL_RE = /^\d{1,20}(\.\d{1,30})?$/;

export const isDecimalString = (value: string): boolean => DECIMAL_RE.test(value);
