import { addMonths, calendarToday, monthOf } from '../format/dates';

/**
 * The sync plan: which months of renewals are read again how often, and what that costs per day
 * against the daily quota (spec: Limits 2–3, one quota per key, every call counts). Pure, so the
 * administrator's page shows the same plan the worker follows.
 *
 * Tiers by urgency, from the current month M:
 * - urgent, M−6 … M+2: renewals in their grace period, decidable now (a renewal opens on the first
 *   day of the month two months before its due month, spec: Instruction rules) or due within about
 *   60 days;
 * - open, any other month whose copy holds an event that can still change: one the service allows
 *   an instruction on (a LAPSED renewal stays open for SKIP_THIS_TIME or DROP for as long as nobody
 *   decides it, and blocks the patent's next renewal, EARLIER_EVENT_PENDING), or an instructed one
 *   whose processing status has not reached FULFILLED or UNPROCESSABLE (an office may reject a
 *   payment weeks later; spec: Event processing status). Read as often as the urgent months, until
 *   nothing in it can change; the service sends no events, clients poll (spec: Events);
 * - soon, M+3 … M+5;
 * - far, M+6 up to the forecast horizon;
 * - history, from the portfolio's earliest possible due date up to M−7: each month never read is
 *   read once, most recent first, then only as an open month.
 * Besides, a month whose copied TOO_EARLY renewals have reached their `opensAt` on the service's
 * day is due at once, whatever its tier (the service opened them at its midnight).
 * A month costs the pages its last walk took (at least one call). When the recurring tiers would
 * spend more than the sync's share, every cadence stretches by the same factor; the history is
 * read with what is left.
 */
type TierName = 'urgent' | 'open' | 'soon' | 'far' | 'history';

interface TierSetting {
  name: TierName;
  label: string;
  /** Minutes between reads; null for the history, read once. */
  cadenceMinutes: number | null;
}

export interface SyncSettings {
  urgentMinutes: number;
  soonMinutes: number;
  farMinutes: number;
  /** Months ahead of the current one the copy reaches (the forecast's horizon). */
  horizonMonths: number;
  sharePercent: number;
}

/** The settings as the environment gives them (lib/env-schema.ts), for the sync and the bench. */
export function syncSettingsOf(env: {
  SYNC_URGENT_MINUTES: number;
  SYNC_SOON_MINUTES: number;
  SYNC_FAR_MINUTES: number;
  FORECAST_MONTHS: number;
  SYNC_QUOTA_PERCENT: number;
}): SyncSettings {
  return {
    urgentMinutes: env.SYNC_URGENT_MINUTES,
    soonMinutes: env.SYNC_SOON_MINUTES,
    farMinutes: env.SYNC_FAR_MINUTES,
    horizonMonths: env.FORECAST_MONTHS,
    sharePercent: env.SYNC_QUOTA_PERCENT,
  };
}

/** What the copy says beyond the calendar: months that can still change, months never read. */
export interface CopyMonths {
  /** Months holding an event that is open or still moving (those of the urgent tier stay in it). */
  moving: string[];
  /** Months from the earliest possible due date up to M−7 never read completely. */
  unreadHistory: string[];
}

const NO_COPY: CopyMonths = { moving: [], unreadHistory: [] };

function tierMonths(
  settings: SyncSettings,
  currentMonth: string,
  copy: CopyMonths,
): Record<TierName, string[]> {
  const range = (from: number, to: number) => {
    const months: string[] = [];
    for (let offset = from; offset <= to; offset++) months.push(addMonths(currentMonth, offset));
    return months;
  };
  const urgent = range(-6, 2);
  const open = [...new Set(copy.moving)]
    .filter((month) => !urgent.includes(month))
    .sort()
    .reverse();
  const notOpen = (month: string) => !open.includes(month);
  return {
    urgent,
    open,
    soon: range(3, 5).filter(notOpen),
    far: range(6, Math.max(6, settings.horizonMonths - 1)).filter(notOpen),
    history: [...new Set(copy.unreadHistory)].filter(notOpen).sort().reverse(),
  };
}

function syncTiers(settings: SyncSettings): TierSetting[] {
  return [
    { name: 'urgent', label: 'In grace, decidable now or due soon', cadenceMinutes: settings.urgentMinutes },
    { name: 'open', label: 'Open or still moving', cadenceMinutes: settings.urgentMinutes },
    { name: 'soon', label: 'The next months', cadenceMinutes: settings.soonMinutes },
    { name: 'far', label: 'The far future', cadenceMinutes: settings.farMinutes },
    { name: 'history', label: 'History, read once', cadenceMinutes: null },
  ];
}

interface PlannedTier extends TierSetting {
  months: string[];
  /** Calls one read of the whole tier costs. */
  callsPerRefresh: number;
  /** The cadence after stretching to fit the share; null for the history. */
  effectiveMinutes: number | null;
  /** Calls a day at the effective cadence; for the history, what today's share leaves it. */
  callsPerDay: number;
}

export interface SyncPlan {
  tiers: PlannedTier[];
  /** Calls per day at the effective cadences, the history's share of today included. */
  callsPerDay: number;
  /** The sync's share of the daily limit; null until the service has reported its limit. */
  budget: number | null;
  limit: number | null;
  /** ≥ 1: how much every cadence was stretched to fit the budget. */
  stretch: number;
}

const DAY_MINUTES = 24 * 60;

export function planSync(
  currentMonth: string,
  settings: SyncSettings,
  callsOf: (month: string) => number,
  limit: number | null,
  copy: CopyMonths = NO_COPY,
): SyncPlan {
  const monthsOf = tierMonths(settings, currentMonth, copy);
  const tiers = syncTiers(settings).map((tier) => {
    const months = monthsOf[tier.name];
    const callsPerRefresh = months.reduce((sum, month) => sum + Math.max(1, callsOf(month)), 0);
    return { ...tier, months, callsPerRefresh };
  });
  const perDay = (calls: number, minutes: number | null) =>
    minutes === null ? 0 : calls * (DAY_MINUTES / minutes);
  const planned = tiers.reduce((sum, tier) => sum + perDay(tier.callsPerRefresh, tier.cadenceMinutes), 0);
  const budget = limit === null ? null : Math.floor((limit * settings.sharePercent) / 100);
  const stretch = budget === null || planned <= budget ? 1 : planned / Math.max(1, budget);
  const recurring = tiers.map((tier) => {
    const effectiveMinutes = tier.cadenceMinutes === null ? null : Math.ceil(tier.cadenceMinutes * stretch);
    return {
      ...tier,
      effectiveMinutes,
      callsPerDay: Math.ceil(perDay(tier.callsPerRefresh, effectiveMinutes)),
    };
  });
  const recurringPerDay = recurring.reduce((sum, tier) => sum + tier.callsPerDay, 0);
  // The history is read once, with what the share leaves after the recurring reads.
  const planned2 = recurring.map((tier) =>
    tier.cadenceMinutes !== null
      ? tier
      : {
          ...tier,
          callsPerDay:
            budget === null
              ? tier.callsPerRefresh
              : Math.min(tier.callsPerRefresh, Math.max(0, budget - recurringPerDay)),
        },
  );
  return {
    tiers: planned2,
    callsPerDay: planned2.reduce((sum, tier) => sum + tier.callsPerDay, 0),
    budget,
    limit,
    stretch,
  };
}

/** The months of the history never read completely, from the earliest possible due date to M−7. */
export function unreadHistory(
  earliestDate: string | null,
  currentMonth: string,
  read: ReadonlySet<string>,
): string[] {
  if (earliestDate === null) return [];
  const last = addMonths(currentMonth, -7);
  // A patent's term is 20 years from filing, extended by at most 5: nothing of a portfolio falls due
  // earlier than 30 years back, whatever a stray date in a patent says.
  const bound = addMonths(currentMonth, -30 * 12);
  const [, first = bound] = [bound, monthOf(earliestDate)].sort();
  const months: string[] = [];
  for (let month = last; month >= first; month = addMonths(month, -1))
    if (!read.has(month)) months.push(month);
  return months;
}

/**
 * When the service's current day began: renewals open at the service's midnight, not ours (spec:
 * Instruction rules, opensAt), and RateLimit-Reset names one of its midnights (spec: Limits 2–3,
 * the quota resets at midnight server local time); the last of them at or before `now`. Without a
 * reading, UTC's midnight. The date itself is `serviceDate` (lib/server/connection/service-day.ts).
 */
export function serviceDayStart(resetAt: Date | null, now: Date): Date {
  if (!resetAt) return new Date(`${calendarToday(now)}T00:00:00.000Z`);
  const days = Math.floor((now.getTime() - resetAt.getTime()) / 86_400_000);
  return new Date(resetAt.getTime() + days * 86_400_000);
}

/** A month's last reads, as the copy records them (table `sync_window`). */
export interface MonthRead {
  month: string;
  /** The last complete read. */
  syncedAt: Date | null;
  attemptedAt: Date | null;
  complete: boolean;
}

/** A month whose last walk failed or was incomplete is tried again after this long. */
const RETRY_MINUTES = 5;

/**
 * The months due now, most urgent first: those whose copied TOO_EARLY renewals opened since their
 * last read (`opened`, read before `dayStartsAt`, the start of the service's day), then each tier
 * at its effective cadence, the history's never-read months last.
 */
export function dueMonths(
  plan: SyncPlan,
  reads: readonly MonthRead[],
  now: Date,
  opened: { months: readonly string[]; dayStartsAt: Date },
): string[] {
  const byMonth = new Map(reads.map((read) => [read.month, read]));
  const due = new Set<string>();
  for (const month of opened.months) {
    const read = byMonth.get(month);
    if (!read?.syncedAt || read.syncedAt < opened.dayStartsAt) due.add(month);
  }
  const sinceMs = (at: Date | null | undefined) =>
    at ? now.getTime() - at.getTime() : Number.POSITIVE_INFINITY;
  for (const tier of plan.tiers)
    for (const month of tier.months) {
      const read = byMonth.get(month);
      const retry = read && !read.complete && sinceMs(read.attemptedAt) >= RETRY_MINUTES * 60_000;
      if (tier.effectiveMinutes === null) {
        if (!read?.syncedAt && (!read || retry)) due.add(month);
      } else if (sinceMs(read?.syncedAt) >= tier.effectiveMinutes * 60_000 || retry) due.add(month);
    }
  return [...due];
}
