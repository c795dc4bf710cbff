import { scenarioUrlState } from '@/lib/forecast/scenario-url-state';
import { MAX_REPEATED_VALUES } from '@/lib/http/limits';
import type { FieldSpec, FieldTable } from '@/lib/http/url-state';
import { intProblem, normalizeText, textProblem } from '@/lib/http/url-state-rules';
import { invoiceUrlState } from '@/lib/invoices/url-state';
import { portfolioUrlState } from '@/lib/portfolio/url-state';
import { renewalsUrlState } from '@/lib/renewals/url-state';
import { MAX_RANGE_DAYS } from '@/lib/renewals/window';
import { daysBetween } from '../format/dates';
import type { SavedViewPage } from './pages';

/**
 * What a saved view stores: the page's query string as its URL state table (lib/<area>/url-state.ts)
 * defines it, normalised. Only the table's keys are kept, each value by its rule (a bad value, or a
 * bad item of a list, is dropped: a view is what the page would show, never an error page), in the
 * table's order, so two saves of the same view store the same text. Nothing else of the address
 * survives, whatever was pasted: request-only keys (format, fresh), tracking parameters, anything
 * secret. Server side (the route's schema runs it); the browser sends the address as it is.
 */

export const MAX_VIEW_QUERY_LENGTH = 2000;

const TABLES: Readonly<Record<SavedViewPage, FieldTable>> = {
  renewals: renewalsUrlState,
  portfolio: portfolioUrlState,
  invoices: invoiceUrlState,
  scenarios: scenarioUrlState,
};

/** Where the reader is in a list, not what they look at: a view opens on the first page. */
const POSITION_KEYS = new Set(['page']);

/** A value as its spec keeps it, or null when the rule refuses it. */
function keep(spec: FieldSpec, raw: string): string | null {
  switch (spec.kind) {
    case 'text': {
      const value = normalizeText(spec, raw);
      return textProblem(spec, value) === null ? value : null;
    }
    case 'int':
      return /^\d{1,9}$/.test(raw) && intProblem(spec, Number(raw)) === null ? String(Number(raw)) : null;
    case 'choice':
      return spec.values.includes(raw) ? raw : null;
    case 'list':
      return keep(spec.item, raw);
  }
}

/**
 * The month view's window, kept only when the page would accept it: a month, or a range with both
 * ends in order at most a year apart (lib/renewals/query.ts; spec: Endpoints 9 rule 1). A month
 * wins over a range, as the service does. Without a window the page opens the default month with
 * the view's filters.
 */
function renewalsWindow(params: URLSearchParams): void {
  if (params.has('month')) {
    params.delete('from');
    params.delete('to');
    return;
  }
  const from = params.get('from');
  const to = params.get('to');
  const days = from && to ? daysBetween(from, to) : -1;
  if (days < 0 || days > MAX_RANGE_DAYS) {
    params.delete('from');
    params.delete('to');
  }
}

/** The normalised query string of a view of `page` (without "?"), from any query string or address. */
export function normalizeViewQuery(page: SavedViewPage, query: string): string {
  const questionMark = query.indexOf('?');
  const source = new URLSearchParams(questionMark >= 0 ? query.slice(questionMark + 1) : query);
  const out = new URLSearchParams();
  for (const [key, spec] of Object.entries(TABLES[page])) {
    if (POSITION_KEYS.has(key)) continue;
    const values = source.getAll(key);
    if (spec.kind !== 'list') {
      // A single value given twice is ambiguous; the first is the one the page reads.
      const value = values.length > 0 ? keep(spec, values[0] as string) : null;
      if (value !== null) out.set(key, value);
      continue;
    }
    const items = new Set<string>();
    for (const raw of values) {
      const value = keep(spec, raw);
      if (value !== null && items.size < MAX_REPEATED_VALUES) items.add(value);
    }
    for (const item of items) out.append(key, item);
  }
  if (page === 'renewals') renewalsWindow(out);
  return out.toString();
}
