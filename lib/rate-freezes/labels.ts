import type { EnumLabel } from '@/lib/renewals/labels';
import type { FreezeMonthState } from './months';

/** Words for a month's freeze state, shared by the overview, the month page and their tests. */
export const FREEZE_STATE_LABELS: Record<FreezeMonthState, EnumLabel> = {
  frozen: { label: 'Frozen', tone: 'info' },
  freezable: { label: 'Can be frozen', tone: 'success' },
  past: { label: 'Past: cannot be frozen', tone: 'neutral' },
  'beyond-horizon': { label: 'Beyond the horizon', tone: 'warning' },
};

/**
 * A month not refused but not known to be within the horizon either (spec: Limits 5, not
 * published): never shown as "Can be frozen" until the service has accepted a month as far ahead.
 */
export const UNCONFIRMED_FREEZABLE_LABEL: EnumLabel = { label: 'Not known yet', tone: 'neutral' };

/** "This month", "Next month", "In 5 months", "Last month", "3 months ago". */
export function monthsAheadLabel(monthsAhead: number): string {
  if (monthsAhead === 0) return 'This month';
  if (monthsAhead === 1) return 'Next month';
  if (monthsAhead === -1) return 'Last month';
  return monthsAhead > 0 ? `In ${monthsAhead} months` : `${-monthsAhead} months ago`;
}

/**
 * What a user of several clients with all of them in view is asked on a rate-freezes page: a
 * freeze is one client's (spec: Authentication 1), and the client is chosen once, in the sidebar.
 */
export const CHOOSE_CLIENT_TO_FREEZE =
  "Choose a client in the Client menu (in the sidebar, or the menu on a phone): a freeze pins one client's exchange rates.";

/** A rate-freezes page's description, naming the client it works on when several are in view. */
export function freezePageDescription(text: string, client: string | null): string {
  return client ? `For ${client}: ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
}
