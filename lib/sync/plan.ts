import { addMonths } from '../format/dates';

/**
 * The sync plan: which months of renewals are read again how often, and what that costs per day
 * against the daily quota (spec: Limits 2–3, one quota per key, every call counts). Pure, so the
 * administrator's page shows the same plan the worker follows.
 *
 * Tiers by urgency, from the current month M:
 * - urgent, M−6 … M+2: renewals in their grace period, decidable now (a renewal opens on the first
 *   day of the month two months before its due month, spec: Instruction rules) or due within about
 *   60 days;
 * - soon, M+3 … M+5;
 * - far, M+6 up to the forecast horizon.
 * A month costs the pages its last walk took (at least one call). When the plan would spend more
 * than the sync's share, every cadence stretches by the same factor.
 */
type TierName = 'urgent' | 'soon' | 'far';

interface TierSetting {
  name: TierName;
  label: string;
  /** Months relative to the current month, inclusive. */
  fromOffset: number;
  toOffset: number;
  cadenceMinutes: number;
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

function syncTiers(settings: SyncSettings): TierSetting[] {
  return [
    {
      name: 'urgent',
      label: 'In grace, decidable now or due soon',
      fromOffset: -6,
      toOffset: 2,
      cadenceMinutes: settings.urgentMinutes,
    },
    {
      name: 'soon',
      label: 'The next months',
      fromOffset: 3,
      toOffset: 5,
      cadenceMinutes: settings.soonMinutes,
    },
    {
      name: 'far',
      label: 'The far future',
      fromOffset: 6,
      toOffset: Math.max(6, settings.horizonMonths - 1),
      cadenceMinutes: settings.farMinutes,
    },
  ];
}

interface PlannedTier extends TierSetting {
  months: string[];
  /** Calls one refresh of the whole tier costs. */
  callsPerRefresh: number;
  /** The cadence after stretching to fit the share. */
  effectiveMinutes: number;
  callsPerDay: number;
}

export interface SyncPlan {
  tiers: PlannedTier[];
  /** Calls per day at the effective cadences. */
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
): SyncPlan {
  const tiers = syncTiers(settings).map((tier) => {
    const months: string[] = [];
    for (let offset = tier.fromOffset; offset <= tier.toOffset; offset++)
      months.push(addMonths(currentMonth, offset));
    const callsPerRefresh = months.reduce((sum, month) => sum + Math.max(1, callsOf(month)), 0);
    return { ...tier, months, callsPerRefresh };
  });
  const planned = tiers.reduce(
    (sum, tier) => sum + tier.callsPerRefresh * (DAY_MINUTES / tier.cadenceMinutes),
    0,
  );
  const budget = limit === null ? null : Math.floor((limit * settings.sharePercent) / 100);
  const stretch = budget === null || planned <= budget ? 1 : planned / Math.max(1, budget);
  const planned2 = tiers.map((tier) => {
    const effectiveMinutes = Math.ceil(tier.cadenceMinutes * stretch);
    return {
      ...tier,
      effectiveMinutes,
      callsPerDay: Math.ceil(tier.callsPerRefresh * (DAY_MINUTES / effectiveMinutes)),
    };
  });
  return {
    tiers: planned2,
    callsPerDay: planned2.reduce((sum, tier) => sum + tier.callsPerDay, 0),
    budget,
    limit,
    stretch,
  };
}
