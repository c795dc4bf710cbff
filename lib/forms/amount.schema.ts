import { z } from 'zod';
import { DECIMAL_PATTERN } from '@/lib/annuity/money';

/**
 * An amount typed into a form: a decimal string, never a float (spec: Conventions), zero or more,
 * with at most `integerDigits` digits before the point (`below` says that limit in words). The
 * decimals a currency allows are checked where the form knows its currency.
 */
export function amountTextSchema(options: { example: string; integerDigits: number; below: string }) {
  return z
    .string()
    .trim()
    .regex(DECIMAL_PATTERN, {
      error: `expected an amount such as ${options.example} or ${options.example}.00`,
    })
    .refine((value) => !value.startsWith('-'), { error: 'expected an amount of zero or more' })
    .refine((value) => (value.split('.')[0] ?? '').length <= options.integerDigits, {
      error: `expected an amount under ${options.below}`,
    });
}
