import type { Fees } from '@/lib/annuity/schemas';

/**
 * How a mark names what it marks (lib/db/schema.ts, reconciliationMark): a line by its event, or
 * by its position when it names no event, and the invoice itself by ''. A line whose event appears
 * twice on the same invoice is also named by position, so the two lines keep marks of their own.
 */
export const INVOICE_MARK_KEY = '';

export function lineKeys(lines: readonly Pick<Fees, 'eventId'>[]): string[] {
  const occurrences = new Map<string, number>();
  for (const line of lines) {
    if (line.eventId) occurrences.set(line.eventId, (occurrences.get(line.eventId) ?? 0) + 1);
  }
  return lines.map((line, position) =>
    line.eventId && occurrences.get(line.eventId) === 1 ? line.eventId : String(position),
  );
}
