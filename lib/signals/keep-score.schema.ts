import { z } from 'zod';
import { DECIMAL_PATTERN, isScaled } from '../annuity/money';
import { normalizeTag } from './tags';

const points = z.number().int().min(0).max(50);

const tagList = z
  .array(
    z.string().transform((value, ctx) => {
      const tag = normalizeTag(value);
      if (!tag) {
        ctx.addIssue({ code: 'custom', message: 'not a tag' });
        return z.NEVER;
      }
      return tag;
    }),
  )
  .max(30);

/**
 * The keep score's weights an administrator sets (PUT /api/admin/keep-score), and how a stored
 * row is read back: points 0–50 per factor, the tags that protect or expose, and per currency the
 * amount of one renewal that counts as expensive, a decimal string scaled to the currency (spec:
 * Conventions), one line per currency.
 */
export const keepScoreWeightsSchema = z
  .object({
    term: points,
    cost: points,
    familyDropped: points,
    protectingTag: points,
    exposingTag: points,
    protectingTags: tagList,
    exposingTags: tagList,
    expensiveRenewal: z
      .array(
        z
          .object({
            currency: z.string().regex(/^[A-Z]{3}$/, { error: 'an ISO 4217 code such as EUR' }),
            amount: z.string().regex(DECIMAL_PATTERN, { error: 'a decimal amount such as 2000.00' }),
          })
          .superRefine((line, ctx) => {
            if (DECIMAL_PATTERN.test(line.amount) && !isScaled(line.amount, line.currency)) {
              ctx.addIssue({
                code: 'custom',
                path: ['amount'],
                message: `write it with ${line.currency}'s decimals`,
              });
            }
            if (line.amount.startsWith('-') || /^0+(\.0+)?$/.test(line.amount)) {
              ctx.addIssue({ code: 'custom', path: ['amount'], message: 'more than zero' });
            }
          }),
      )
      .max(50),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.expensiveRenewal.forEach((line, index) => {
      if (seen.has(line.currency)) {
        ctx.addIssue({
          code: 'custom',
          path: ['expensiveRenewal', index, 'currency'],
          message: 'one line per currency',
        });
      }
      seen.add(line.currency);
    });
    const both = input.protectingTags.filter((tag) => input.exposingTags.includes(tag));
    if (both.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['exposingTags'],
        message: `a tag cannot both protect and expose: ${both.join(', ')}`,
      });
    }
  });
