import type { RenewalRow } from './rows';
import type { RenewalWindow } from './window';

/** The filters sent to the service with a renewal list (spec: Endpoints 9). */
export interface ServerFilters {
  offices: readonly string[];
  owners: readonly string[];
  family: readonly string[];
}

export const NO_SERVER_FILTERS: ServerFilters = { offices: [], owners: [], family: [] };

/** What the server hands the month view for one window: the page's whole data set. */
export interface RenewalWindowData {
  window: RenewalWindow;
  filters: ServerFilters;
  rows: RenewalRow[];
  /** Events the service listed that are not renewals (left out, spec: Patent event). */
  skippedOtherKinds: number;
  fetchedAt: string;
  upstreamCalls: number;
  upstreamRequestIds: string[];
  snapshot: { refreshedAt: string | null; unknownPatents: number };
}
