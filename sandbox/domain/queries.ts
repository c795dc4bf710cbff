import type { PatentSortField } from '../../lib/annuity/schemas';
import { monthsSpanned, yearMonthOf, yearMonthsBetween } from './calendar';
import type { EventRecord, InvoiceRecord, PatentRecord } from './model';
import type { TenantState } from './tenant-state';

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface PageResult<T> {
  totalItems: number;
  items: T[];
}

/**
 * spec: Endpoints 1 — `providerId` is an exact match returning at most one patent (an unknown one
 * gives an empty page); without `sort` the order is the service's default, the order patents were
 * created in; descending is the exact reverse of ascending (nulls first, like PostgreSQL).
 */
export function listPatents(
  state: TenantState,
  options: { providerId?: string; sort: { field: PatentSortField; descending: boolean } | null },
  page: PageWindow,
): PageResult<PatentRecord> {
  if (options.providerId !== undefined) {
    const patent = state.patentsByProviderId.get(options.providerId);
    const matches = patent ? [patent] : [];
    return { totalItems: matches.length, items: matches.slice(page.offset, page.offset + page.limit) };
  }
  const ordered = options.sort ? state.patentsSortedBy(options.sort.field) : state.patents;
  const total = ordered.length;
  if (!options.sort?.descending)
    return { totalItems: total, items: ordered.slice(page.offset, page.offset + page.limit) };
  const items: PatentRecord[] = [];
  for (let index = total - 1 - page.offset; index >= 0 && items.length < page.limit; index--) {
    items.push(ordered[index] as PatentRecord);
  }
  return { totalItems: total, items };
}

export interface EventFilters {
  from: string;
  to: string;
  offices: readonly string[];
  owners: readonly string[];
  families: readonly string[];
  eventTypes: readonly string[];
}

/**
 * The due months a window reads from the month index, in order. The index holds only months that
 * have events, so a window wider than it (decades, or a month in 9999: any valid window is
 * answered, spec: Endpoints 9) walks the index's own months instead of every month of the window:
 * time and memory follow the portfolio, never the window's width.
 */
function monthsToRead(state: TenantState, from: string, to: string): string[] {
  if (monthsSpanned(from, to) <= state.eventsByMonth.size) return yearMonthsBetween(from, to);
  const first = yearMonthOf(from);
  const last = yearMonthOf(to);
  return [...state.eventsByMonth.keys()].filter((month) => month >= first && month <= last).sort();
}

/**
 * spec: Endpoints 9 — events due in [from, to], filtered by the patent's office, owner and family
 * and by event type (each repeatable: any value of one filter, all filters together), ordered by
 * due date then patent. Every match is counted so the envelope's totals are exact.
 */
export function listEventsByPeriod(
  state: TenantState,
  filters: EventFilters,
  page: PageWindow,
): PageResult<EventRecord> {
  const offices = filters.offices.length > 0 ? new Set(filters.offices) : null;
  const owners = filters.owners.length > 0 ? new Set(filters.owners) : null;
  const families = filters.families.length > 0 ? new Set(filters.families) : null;
  const eventTypes = filters.eventTypes.length > 0 ? new Set(filters.eventTypes) : null;
  const items: EventRecord[] = [];
  let totalItems = 0;
  for (const month of monthsToRead(state, filters.from, filters.to)) {
    for (const event of state.eventsByMonth.get(month) ?? []) {
      if (event.removed || event.dueDate < filters.from || event.dueDate > filters.to) continue;
      const patent = event.patent;
      if (offices && !offices.has(patent.office)) continue;
      if (owners && (patent.owner === null || !owners.has(patent.owner))) continue;
      if (families && (patent.clientFamilyReference === null || !families.has(patent.clientFamilyReference)))
        continue;
      if (eventTypes && !eventTypes.has(event.eventType)) continue;
      if (totalItems >= page.offset && items.length < page.limit) items.push(event);
      totalItems++;
    }
  }
  return { totalItems, items };
}

/** Newest first (issue date, then creation), so this month's invoices are on page 1. */
export function listInvoices(state: TenantState, page: PageWindow): PageResult<InvoiceRecord> {
  const total = state.invoices.length;
  const items: InvoiceRecord[] = [];
  for (let index = total - 1 - page.offset; index >= 0 && items.length < page.limit; index--) {
    items.push(state.invoices[index] as InvoiceRecord);
  }
  return { totalItems: total, items };
}
