import { z } from 'zod';
import { amountTextSchema } from '@/lib/forms/amount.schema';

/**
 * The approval policy form, shared by the admin panel (through the lazy resolver) and
 * PUT /api/admin/approval-policy. Money is a decimal string with its currency, never a float; a
 * currency has at most one threshold per kind. Bad input is a 400 naming the field
 * (e.g. `proceedAbove.0.amount`).
 */
const threshold = z.object({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'expected a three-letter currency code, e.g. EUR' }),
  amount: amountTextSchema({ example: '1500', integerDigits: 12, below: 'a trillion' }).refine(
    (value) => (value.split('.')[1]?.length ?? 0) <= 4,
    { error: 'expected at most four decimals' },
  ),
});

const thresholds = z
  .array(threshold)
  .max(50)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((item, index) => {
      if (seen.has(item.currency)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'currency'],
          message: `${item.currency} appears twice; give each currency one threshold`,
        });
      }
      seen.add(item.currency);
    });
  });

export const approvalPolicySchema = z.object({
  dropRequiresApproval: z.boolean(),
  proceedAbove: thresholds,
  batchAbove: thresholds,
  // A currency without a threshold follows this default once amounts are limited (never exempt by omission).
  unlistedCurrencyRequiresApproval: z.boolean(),
});

export type ApprovalPolicyInput = z.infer<typeof approvalPolicySchema>;
