import Big from 'big.js';
import { z } from 'zod';
import { DECIMAL_PATTERN, minorUnits } from '@/lib/annuity/money';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { amountTextSchema } from '@/lib/forms/amount.schema';

/**
 * The renewal budget form, shared by the budget page (through the lazy resolver) and
 * PUT/POST /api/analytics/budgets. Money is a decimal string in its currency's minor unit at most
 * (ISO 4217: JPY 0 decimals, EUR 2; spec: Conventions), never a float. Bad input is a 400 naming
 * the field (`currency`, `amount`, `months.3`, `months`).
 */
const decimalsOf = (value: string) => value.split('.')[1]?.length ?? 0;

const amountText = amountTextSchema({ example: '150000', integerDigits: 13, below: 'ten trillion' });

const optionalCode = (pattern: RegExp, error: string) =>
  z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || pattern.test(value), { error })
    .optional()
    .default('');

export const budgetSchema = z
  .object({
    year: z.coerce
      .number({ error: 'expected a year such as 2027' })
      .int({ error: 'expected a whole year' })
      .min(2000, { error: 'expected a year from 2000' })
      .max(2100, { error: 'expected a year up to 2100' }),
    currency: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => /^[A-Z]{3}$/.test(value), {
        error: 'expected a three-letter ISO 4217 currency code, e.g. EUR',
      }),
    /** Two-letter office code (EP, US, JP); empty for all offices. */
    office: optionalCode(/^[A-Z]{2}$/, 'expected a two-letter office code such as EP, or nothing for all'),
    /** Family reference; empty for all families. */
    family: z.string().trim().max(100, { error: 'expected at most 100 characters' }).optional().default(''),
    amount: amountText,
    /** Optional phasing: 12 amounts, January first, that add up to `amount`. */
    months: z.array(amountText).length(12, { error: 'expected 12 monthly amounts' }).nullish(),
    note: z.string().trim().max(500, { error: 'expected at most 500 characters' }).optional().default(''),
    /** The client the budget is for; may be left out by a user with one client (checked in scope). */
    client: clientFilterSchema,
  })
  .superRefine((budget, ctx) => {
    const digits = minorUnits(budget.currency);
    const unit = digits === 0 ? 'no decimals' : `at most ${digits} decimals`;
    if (DECIMAL_PATTERN.test(budget.amount)) {
      if (decimalsOf(budget.amount) > digits) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `${budget.currency} takes ${unit}` });
      } else if (new Big(budget.amount).lte(0)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'expected an amount above zero' });
      }
    }
    // A list of the wrong length is already named by its own check.
    if (budget.months?.length !== 12) return;
    let valid = true;
    const months = budget.months ?? [];
    months.forEach((month, index) => {
      if (DECIMAL_PATTERN.test(month) && decimalsOf(month) > digits) {
        ctx.addIssue({
          code: 'custom',
          path: ['months', index],
          message: `${budget.currency} takes ${unit}`,
        });
        valid = false;
      }
      if (!DECIMAL_PATTERN.test(month) || month.startsWith('-')) valid = false;
    });
    if (!valid || !DECIMAL_PATTERN.test(budget.amount)) return;
    const sum = months.reduce((acc, month) => acc.plus(month), new Big(0));
    if (!sum.eq(budget.amount)) {
      ctx.addIssue({
        code: 'custom',
        path: ['months'],
        message: `the 12 months add up to ${sum.toFixed()}, not the year's ${budget.amount}`,
      });
    }
  });

export type BudgetInput = z.input<typeof budgetSchema>;
export type BudgetValues = z.output<typeof budgetSchema>;

/** DELETE /api/analytics/budgets?id=… */
export const budgetIdSchema = z.object({ id: z.uuid({ error: 'expected a budget id' }) });

/** The comparison's query (page, JSON and exports). */
export const budgetComparisonSchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  currency: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{3}$/.test(value), { error: 'expected a three-letter currency code' }),
  office: optionalCode(/^[A-Z]{2}$/, 'expected a two-letter office code'),
  family: z.string().trim().max(100).optional().default(''),
  /** The client whose budget is compared; may be left out by a user with one client. */
  client: clientFilterSchema,
});

/** /api/analytics/budgets: the budgets of every client of the user's, or of the one named. */
export const budgetListSchema = z.object({ client: clientFilterSchema });

export const budgetExportSchema = budgetComparisonSchema.extend({
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
