import { formatYearMonth, isYearMonth } from '@/lib/format/dates';

/**
 * Why the month view opened on the month it shows. Opened bare, /renewals chooses the month of the
 * renewal with the earliest deadline among those that can be decided now, else the current month
 * (lib/server/renewals/window.ts, defaultRenewalMonth), and redirects there; a month nobody chose
 * needs saying why. The redirect names the chosen month in `opened`, which the address keeps
 * (its other keys are the view's); the note shows while the view is still on that month.
 */
const OPENED_PARAM = 'opened';

/** The address of the default month, marked as chosen by the month view. */
export function withOpenedOn(href: string, month: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}${OPENED_PARAM}=${encodeURIComponent(month)}`;
}

/** The note for an address, or null when the user chose its month (or moved on from the default). */
export function openedOnText(search: { get(name: string): string | null }, locale: string): string | null {
  const opened = search.get(OPENED_PARAM);
  if (!opened || !isYearMonth(opened) || search.get('month') !== opened) return null;
  return `Opened on ${formatYearMonth(opened, locale)}: the month with the earliest deadline among renewals waiting for a decision (the current month when none is waiting).`;
}
