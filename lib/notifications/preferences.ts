/**
 * What each user chooses to receive: channels, a digest with its hour in their own time
 * zone, reminder offsets before due dates and grace ends, and which immediate alerts. Browser-safe
 * and zod-free: the settings form imports it; the server validates with its own schema
 * (lib/server/notifications/preferences.ts).
 */
export const ALERT_KINDS = ['grace-ending', 'unprocessable', 'batch-unknown'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const MAX_OFFSETS = 5;
export const MAX_OFFSET_DAYS = 365;

export interface NotificationPreferences {
  channels: { inApp: boolean; email: boolean };
  digest: {
    frequency: DigestFrequency;
    /** Local hour (0–23) in `timeZone` from which the digest is sent. */
    hour: number;
    /** ISO weekday for the weekly digest: 1 Monday … 7 Sunday. */
    weekday: number;
  };
  /** An IANA time zone name, e.g. Europe/Berlin. */
  timeZone: string;
  /** Days before a due date to remind of an undecided renewal. */
  dueOffsets: number[];
  /** Days before a grace period ends to alert (the "grace ending" alert). */
  graceOffsets: number[];
  alerts: Record<AlertKind, boolean>;
  /**
   * At most this many messages a day (their local day); 0 for no cap. What the cap holds back
   * comes in a later run; a renewal whose grace ends within URGENT_LAPSE_DAYS is excepted.
   */
  dailyCap: number;
  /** Local hours without messages, from `from` up to `to` (may wrap midnight); null for none. */
  quietHours: { from: number; to: number } | null;
  /** Managers: escalations of renewals about to lapse that nobody decided. */
  escalations: boolean;
}

/** A lapse this close is told whatever the hour or the cap: waiting for the morning may lose it. */
export const URGENT_LAPSE_DAYS = 3;
export const DEFAULT_DAILY_CAP = 10;
export const MAX_DAILY_CAP = 100;

export const ALERT_LABELS: Record<AlertKind, { title: string; description: string }> = {
  'grace-ending': {
    title: 'Grace period ending',
    description: 'A renewal past its due date whose grace period ends within one of your offsets.',
  },
  unprocessable: {
    title: 'Renewal unprocessable',
    description: 'The service reports an instructed renewal as UNPROCESSABLE.',
  },
  'batch-unknown': {
    title: 'Batch outcome unknown',
    description: 'A batch of decisions whose outcome is still unknown after it was sent.',
  },
};

export const DIGEST_LABELS: Record<DigestFrequency, string> = {
  off: 'No digest',
  daily: 'Every day',
  weekly: 'Once a week',
};

export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function defaultPreferences(graceAlertDays = 14): NotificationPreferences {
  return {
    channels: { inApp: true, email: true },
    digest: { frequency: 'daily', hour: 8, weekday: 1 },
    timeZone: 'UTC',
    dueOffsets: [30, 7],
    graceOffsets: graceAlertDays > 3 ? [graceAlertDays, 3] : [graceAlertDays],
    alerts: { 'grace-ending': true, unprocessable: true, 'batch-unknown': true },
    dailyCap: DEFAULT_DAILY_CAP,
    quietHours: null,
    escalations: true,
  };
}

/** Offsets as the rules use them: whole days, distinct, largest first. */
export function normalizeOffsets(offsets: readonly number[]): number[] {
  return [...new Set(offsets.filter((days) => Number.isInteger(days) && days >= 0))].sort((a, b) => b - a);
}

/** Whether a local hour falls in quiet hours (from inclusive, to exclusive, wrapping midnight). */
export function inQuietHours(hour: number, quiet: NotificationPreferences['quietHours']): boolean {
  if (!quiet || quiet.from === quiet.to) return false;
  return quiet.from < quiet.to
    ? hour >= quiet.from && hour < quiet.to
    : hour >= quiet.from || hour < quiet.to;
}
