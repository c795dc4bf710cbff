/**
 * The pages a view can be saved on, their addresses and names. Browser-safe and tiny:
 * the views menu and the command palette import it; the rules of a view's query are in
 * ./view-query.ts, which only the server needs.
 */
export const SAVED_VIEW_PAGES = ['renewals', 'portfolio', 'invoices', 'scenarios'] as const;
export type SavedViewPage = (typeof SAVED_VIEW_PAGES)[number];

const SAVED_VIEW_PAGE_PATHS: Readonly<Record<SavedViewPage, string>> = {
  renewals: '/renewals',
  portfolio: '/portfolio',
  invoices: '/invoices',
  scenarios: '/analytics/scenarios',
};

export const SAVED_VIEW_PAGE_LABELS: Readonly<Record<SavedViewPage, string>> = {
  renewals: 'Renewals',
  portfolio: 'Portfolio',
  invoices: 'Invoices',
  scenarios: 'Scenarios',
};

/** The longest name of a view (the form says so before the server refuses it). */
export const MAX_VIEW_NAME_LENGTH = 80;

/** A view as the menu and the palette show it. */
export interface SavedViewItem {
  id: string;
  page: SavedViewPage;
  name: string;
  /** The normalised query string, without "?". */
  query: string;
  shared: boolean;
  /** Whether the viewer owns it (and so may rename, share or delete it). */
  mine: boolean;
  /** The owner's name, shown on views others shared. */
  ownerName: string;
}

/** Where a view opens: its page with its query. */
export function savedViewHref(view: Pick<SavedViewItem, 'page' | 'query'>): string {
  const path = SAVED_VIEW_PAGE_PATHS[view.page];
  return view.query ? `${path}?${view.query}` : path;
}
