import { z } from 'zod';
import { Decimal } from './decimal';
import { DECIMAL_RE, isDecimalString } from './decimal-string';

/** A decimal string > 0 (JSON field of an amount). Decimals per asset are checked by the server. */
export const positiveAmountSchema = z
  .string({ message: 'Please enter a valid amount' })
  .trim()
  .regex(DECIMAL_RE, { message: 'Please enter a valid amount' })
  .refine((v) => isDecimalString(v) && new Decimal(v).gt(0), { message: 'Please enter a valid amount' });

/** A decimal string as the server writes it (amounts, balances, rates). */
export const decimalOutSchema = z.string().regex(/^-?\d+(\.\d+)?$/);
