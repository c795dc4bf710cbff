import { addMonthsToYearMonth, isYearMonth, yearMonthOf } from './calendar';
import { currencyPairsOf } from './fees';
import { crossRate, pairKey, type RateTable } from './fx';
import type { FreezeRecord, TenantConfig } from './model';
import type { FreezeData } from './mutations';
import { RuleViolation, validationFailed } from './rule-violation';

export function checkYearMonth(yearMonth: string): void {
  if (!isYearMonth(yearMonth)) {
    throw validationFailed([{ pointer: '/yearMonth', detail: 'expected a month as YYYY-MM' }]);
  }
}

/**
 * spec: Endpoints 15 guards, in this order: freezing not enabled → 403 forbidden (a business denial
 * another scope would not lift); a past month → 400; beyond the account's horizon → 400. The spec
 * does not show the 400 code: it is validation_failed with the pointer /yearMonth and a detail that
 * names the guard, because the month is a path input the client can correct. The current month is
 * not past; the horizon counts whole months after it (horizon 3 in January allows up to April).
 */
export function checkFreezable(config: TenantConfig, yearMonth: string, today: string): void {
  checkYearMonth(yearMonth);
  if (!config.freezeEnabled) {
    throw new RuleViolation('forbidden', 'Exchange-rate freezing is not enabled for this account.');
  }
  const currentMonth = yearMonthOf(today);
  if (yearMonth < currentMonth) {
    throw validationFailed(
      [
        {
          pointer: '/yearMonth',
          detail: `${yearMonth} is in the past; the earliest month that can be frozen is ${currentMonth}`,
        },
      ],
      `Past month: ${yearMonth} is before the current month ${currentMonth} and cannot be frozen.`,
    );
  }
  const lastMonth = addMonthsToYearMonth(currentMonth, config.freezeHorizonMonths);
  if (yearMonth > lastMonth) {
    throw validationFailed(
      [
        {
          pointer: '/yearMonth',
          detail: `${yearMonth} is beyond the freeze horizon of ${config.freezeHorizonMonths} months; the latest month that can be frozen is ${lastMonth}`,
        },
      ],
      `Beyond the freeze horizon: ${yearMonth} is after ${lastMonth}.`,
    );
  }
}

/**
 * Captures the current rate of every currency pair the tenant's fees can convert through. An
 * existing freeze keeps every pair it already holds ("never re-captures"); only pairs it lacks are
 * added, so repeating the PUT is idempotent.
 */
export function captureFreeze(
  existing: FreezeRecord | undefined,
  config: TenantConfig,
  yearMonth: string,
  rates: RateTable,
  now: string,
): FreezeData {
  const captured: Record<string, string> = { ...(existing?.rates ?? {}) };
  for (const [from, to] of currencyPairsOf(config)) {
    captured[pairKey(from, to)] ??= crossRate(rates, from, to);
  }
  return {
    yearMonth,
    rates: captured,
    createdAt: existing?.createdAt ?? now,
    updatedAt:
      existing && Object.keys(existing.rates).length === Object.keys(captured).length
        ? existing.updatedAt
        : now,
  };
}
