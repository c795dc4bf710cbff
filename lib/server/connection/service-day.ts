import 'server-only';
import { calendarToday } from '../../format/dates';
import { DEFAULT_CONNECTION } from './default-connection';
import { readQuota } from './quota';

/**
 * The service's today. Its day runs from its own midnight, in its own time zone, not UTC (spec:
 * Limits 2, the counter resets at midnight server local time), and RateLimit-Reset says when that
 * midnight comes (Limits 3): the dates that depend on "today" (days left, Today's buckets, which
 * months are past for a freeze, the digest's reminders) follow that day where the service has
 * told it, and UTC's where it has not yet answered.
 *
 * The reset gives the time of day of the service's midnight, so its offset from UTC modulo a day;
 * the offset is read between −10 h (Hawaii) and +14 h exclusive, which names the right date for
 * every inhabited zone but the few west of Hawaii (UTC−11) and the Line Islands (+14), read a day
 * off. A reading from before the reset still tells the offset: the day it names moves on with `now`.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const WESTMOST_OFFSET_MS = -10 * 3_600_000;

/** The service's date at `now`, from the instant of a midnight of the service (a reset); UTC's without. */
export function serviceDate(resetAt: Date | null, now: Date): string {
  if (!resetAt) return calendarToday(now);
  // Announced in whole seconds from the response's arrival: round to the quarter hour that any
  // time zone's midnight falls on.
  const midnight = Math.round(resetAt.getTime() / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  const afterUtcMidnight = ((midnight % DAY_MS) + DAY_MS) % DAY_MS;
  const offset = -afterUtcMidnight < WESTMOST_OFFSET_MS ? DAY_MS - afterUtcMidnight : -afterUtcMidnight;
  return calendarToday(new Date(now.getTime() + offset));
}

/**
 * The service's today at `now`, from the latest quota reading of these clients (one service, one
 * midnight, whichever key read it).
 */
export async function serviceToday(
  now: Date,
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<string> {
  const readings = await Promise.all(connections.map((connection) => readQuota(connection)));
  const latest = readings
    .filter((reading) => reading?.resetAt)
    .sort((a, b) => (b?.observedAt.getTime() ?? 0) - (a?.observedAt.getTime() ?? 0))[0];
  return serviceDate(latest?.resetAt ?? null, now);
}
