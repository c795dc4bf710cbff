import { addMonths, currentYearMonth, monthBounds } from '@/lib/format/dates';

/**
 * The due-date window of a renewal list: a whole month, or a from/to range (spec: Endpoints 9,
 * "dueMonth, or both dueFrom and dueTo"). Shared by the page's URL, our API and the server loader;
 * the URL's values and their rules are in ./url-state.ts and ./query.ts.
 */
export type RenewalWindow = { kind: 'month'; month: string } | { kind: 'range'; from: string; to: string };

/** A range longer than this is refused: it would cost more upstream calls than anyone meant. */
export const MAX_RANGE_DAYS = 366;

/** How far back and ahead an event can still be open for instruction (spec: Instruction rules). */
export const OPEN_LOOKBACK_MONTHS = 12;
/** opensAt is the first day of the month two months before the due month. */
const OPEN_LOOKAHEAD_MONTHS = 2;

/** The window the params name, or null when they name none (the caller picks a default month). */
export function windowFromParams(params: {
  month?: string;
  from?: string;
  to?: string;
}): RenewalWindow | null {
  // dueMonth wins over a range when both are given, as the service does (spec: Endpoints 9 rule 1).
  if (params.month) return { kind: 'month', month: params.month };
  if (params.from && params.to) return { kind: 'range', from: params.from, to: params.to };
  return null;
}

export function windowBounds(renewalWindow: RenewalWindow): { from: string; to: string } {
  return renewalWindow.kind === 'month'
    ? monthBounds(renewalWindow.month)
    : { from: renewalWindow.from, to: renewalWindow.to };
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
