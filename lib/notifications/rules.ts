import { daysFrom } from '../format/dates';
import type { TodayBucket, TodayItem } from '../today/buckets';
import { type NotificationPreferences, normalizeOffsets } from './preferences';

/**
 * Which reminders fall due, as pure functions of the renewals Today buckets and a user's
 * preferences. A rule id names the rule and its offset; with the subject (a renewal's event id, a
 * batch id, a digest's local date) it is the key a message is sent under at most once.
 */
type ReminderKind = 'due' | 'grace';

export interface DueReminder {
  kind: ReminderKind;
  rule: string;
  subjectKey: string;
  offset: number;
  item: TodayItem;
}

function reminderRule(kind: ReminderKind, offset: number): string {
  return `${kind}-${offset}d`;
}

/**
 * The offset a reminder is sent for: the smallest offset not below the days left. Larger offsets
 * already passed are not sent late (a clock that jumps, or a user who joins, gets one reminder,
 * not one per offset crossed); a smaller offset still ahead is sent when its day comes.
 */
export function crossedOffset(daysLeft: number, offsets: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const crossed = normalizeOffsets(offsets).filter((offset) => offset >= daysLeft);
  return crossed.length > 0 ? (crossed[crossed.length - 1] ?? null) : null;
}

const DUE_BUCKETS = new Set(['due-this-month', 'due-next-month']);
const GRACE_BUCKETS = new Set(['lapsing-soon', 'in-grace']);

export function dueReminders(
  buckets: readonly TodayBucket[],
  preferences: NotificationPreferences,
  today: string,
): DueReminder[] {
  const reminders: DueReminder[] = [];
  for (const bucket of buckets) {
    for (const item of bucket.items) {
      if (DUE_BUCKETS.has(bucket.id)) {
        const offset = crossedOffset(daysFrom(today, item.row.dueDate), preferences.dueOffsets);
        if (offset !== null)
          reminders.push({
            kind: 'due',
            rule: reminderRule('due', offset),
            subjectKey: item.row.eventId,
            offset,
            item,
          });
      } else if (GRACE_BUCKETS.has(bucket.id) && preferences.alerts['grace-ending']) {
        const offset = crossedOffset(item.daysLeft, preferences.graceOffsets);
        if (offset !== null)
          reminders.push({
            kind: 'grace',
            rule: reminderRule('grace', offset),
            subjectKey: item.row.eventId,
            offset,
            item,
          });
      }
    }
  }
  return reminders;
}

/** A point in time as a calendar in one time zone. */
export interface LocalTime {
  date: string;
  hour: number;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function localTime(now: Date, timeZone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
    weekday: WEEKDAYS[part('weekday')] ?? 1,
  };
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The digest due for a user at `now`, if any: its rule and subject (the local date it is for).
 * Due from the chosen hour on the chosen day; a worker that was down at that hour sends it later
 * the same local day, never twice (the subject is the date).
 */
export function dueDigest(
  preferences: NotificationPreferences,
  now: Date,
): { rule: string; subjectKey: string } | null {
  const { frequency, hour, weekday } = preferences.digest;
  if (frequency === 'off') return null;
  const local = localTime(now, isTimeZone(preferences.timeZone) ? preferences.timeZone : 'UTC');
  if (local.hour < hour) return null;
  if (frequency === 'weekly' && local.weekday !== weekday) return null;
  return { rule: `digest-${frequency}`, subjectKey: local.date };
}
