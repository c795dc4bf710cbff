import { z } from 'zod';
import { addMonths, currentYearMonth, isCalendarDate, isYearMonth, monthBounds } from '@/lib/format/dates';

/**
 * The due-date window of a renewal list: a whole month, or a from/to range (spec: Endpoints 9,
 * "dueMonth, or both dueFrom and dueTo"). Shared by the page's URL, our API and the server loader.
 */
export type RenewalWindow = { kind: 'month'; month: string } | { kind: 'range'; from: string; to: string };

/** A range longer than this is refused: it would cost more upstream calls than anyone meant. */
export const MAX_RANGE_DAYS = 366;

/** How far back and ahead an event can still be open for instruction (spec: Instruction rules). */
export const OPEN_LOOKBACK_MONTHS = 12;
/** opensAt is the first day of the month two months before the due month. */
export const OPEN_LOOKAHEAD_MONTHS = 2;

const yearMonth = z.string().refine(isYearMonth, 'expected a month as YYYY-MM');
const calendarDate = z.string().refine(isCalendarDate, 'expected a date as YYYY-MM-DD');

export const windowParamsSchema = z
  .object({
    month: yearMonth.optional(),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.month) return;
    if (value.from && !value.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'needed with from' });
    if (value.to && !value.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'needed with to' });
    if (value.from && value.to) {
      if (value.from > value.to) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
      } else if (daysBetween(value.from, value.to) > MAX_RANGE_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['to'],
          message: `a window spans at most ${MAX_RANGE_DAYS} days`,
        });
      }
    }
  });

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The window the params name, or null when they name none (the caller picks a default month). */
export function windowFromParams(params: z.output<typeof windowParamsSchema>): RenewalWindow | null {
  // dueMonth wins over a range when both are given, as the service does (spec: Endpoints 9 rule 1).
  if (params.month) return { kind: 'month', month: params.month };
  if (params.from && params.to) return { kind: 'range', from: params.from, to: params.to };
  return null;
}

export function windowBounds(window: RenewalWindow): { from: string; to: string } {
  return window.kind === 'month' ? monthBounds(window.month) : { from: window.from, to: window.to };
}

/** The months in which an event can be open for instruction today, oldest first. */
export function openableMonths(now = new Date()): string[] {
  const current = currentYearMonth(now);
  const months: string[] = [];
  for (let offset = -OPEN_LOOKBACK_MONTHS; offset <= OPEN_LOOKAHEAD_MONTHS; offset++) {
    months.push(addMonths(current, offset));
  }
  return months;
}
