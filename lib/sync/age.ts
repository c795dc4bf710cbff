import { monthsFromTo } from '../format/dates';

/**
 * How old the synced copy behind a page is, and whether the service answers: every page that
 * shows the service's data says "as of" and, while the service does not answer, since when.
 */
export interface CopyAge {
  /** The oldest complete read among the months shown; null when none was ever read. */
  asOf: string | null;
  /** Months whose last walk could not be completed (the list moved under it). */
  incomplete: string[];
  /** Months the copy has never read (the service did not answer when they were asked for). */
  neverRead: string[];
  /** Set while the service has not answered since then. */
  notAnsweringSince: string | null;
  /**
   * Set while months never read are being read from the service for the first time (a fresh
   * start): how many of the page's months the copy holds so far. The page shows those and looks
   * again by itself until the read is done.
   */
  firstRead?: { read: number; of: number } | null;
  /**
   * Set when today's share of the service's quota for reading was spent (spec: Limits 2), so what
   * the copy lacks (months or a patent's past events) was left unread: the page shows the copy.
   */
  shareSpent?: boolean;
}

/** The months a due-date window touches, in order: what a page's "Refresh now" reads again. */
export function monthsOfWindow(from: string, to: string): string[] {
  return monthsFromTo(from, to);
}
