import type { CurrencyTotal } from '@/lib/annuity/money';
import type { CopyAge } from '../sync/age';
import type { BadgeKind } from './instructability';
import type { RenewalRow } from './rows';
import type { RenewalWindow } from './window';

/** The filters sent to the service with a renewal list (spec: Endpoints 9). */
export interface ServerFilters {
  offices: readonly string[];
  owners: readonly string[];
  family: readonly string[];
  /** One of the user's clients; absent or null: all of them (the server reads no other's). */
  client?: string | null;
}

export const NO_SERVER_FILTERS: ServerFilters = { offices: [], owners: [], family: [] };

/** What the server hands the month view for one window: the page's whole data set. */
export interface RenewalWindowData {
  window: RenewalWindow;
  filters: ServerFilters;
  rows: RenewalRow[];
  /** Events the service listed that are not renewals (left out, spec: Patent event). */
  skippedOtherKinds: number;
  /** When the synced copy shown was read from the service (the oldest month's complete read). */
  fetchedAt: string;
  /** The copy's age, completeness and the service's state (absent on data not read from the copy). */
  copy?: CopyAge;
  upstreamCalls: number;
  upstreamRequestIds: string[];
  snapshot: { refreshedAt: string | null; unknownPatents: number };
  /**
   * Set when `rows` holds only the first screen of the window (the month page's HTML, ./window-head.ts):
   * what the whole window amounts to, and where the browser fetches the rest. Never set by /api/renewals.
   */
  head?: WindowHead;
}

/** The whole window's figures, computed on the server for a first screen of its rows. */
export interface WindowHead {
  /** The id the page kept the whole window under (GET /api/renewals/rest?handoff=). */
  handoff: string;
  /** Rows in the window, and those the address's local filters keep. */
  total: number;
  shown: number;
  counts: Record<BadgeKind, number>;
  /** Per currency, of the rows the local filters keep. */
  totals: CurrencyTotal[];
  /** Per office (null: unknown), when the address groups by office: the group headers' figures. */
  groups: { office: string | null; count: number; totals: CurrencyTotal[] }[] | null;
}
