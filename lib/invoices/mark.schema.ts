import { z } from 'zod';
import { MARK_STATUSES, NOTE_MAX_LENGTH } from '@/lib/invoices/reconciliation';

/** A finance mark on a line or an invoice: the form's schema and the route's body (style 3). */
export const markSchema = z
  .object({
    /** A line's key (lib/invoices/line-keys.ts), or '' for the invoice itself. */
    lineKey: z.string().max(64),
    status: z.enum(MARK_STATUSES, { error: 'Choose reconciled or disputed' }),
    note: z
      .string()
      .trim()
      .max(NOTE_MAX_LENGTH, `Keep the note under ${NOTE_MAX_LENGTH} characters`)
      .nullish()
      .transform((note) => note || null),
  })
  .refine((mark) => mark.status !== 'disputed' || mark.note !== null, {
    path: ['note'],
    message: 'Say what is disputed',
  });

export type MarkInput = z.input<typeof markSchema>;
export type Mark = z.output<typeof markSchema>;
