import 'server-only';
import { type Database, getDb } from '../../db';
import { getEnv } from '../../env';
import { costToExpiry, forecastBy, forecastSummary, monthCurrencyPoints } from '../../forecast/aggregate';
import type { ForecastData } from '../../forecast/data';
import { forecastWindow } from '../../forecast/window';
import { currentYearMonth, monthsBetween } from '../../format/dates';
import { backgroundStatus } from '../connection/background-budget';
import { refreshEstimate } from './cost';
import { runHistory, runView } from './runs';
import { readForecastRows } from './store';

/**
 * The forecast page's data, from our database only: no upstream call, whatever the
 * window. The window shown is the last refresh's, from the current month on (months that have
 * passed since are no longer a forecast).
 */
export async function loadForecast(now = new Date(), database?: Database): Promise<ForecastData> {
  const db = database ?? (await getDb());
  const configured = forecastWindow(currentYearMonth(now), getEnv().FORECAST_MONTHS);
  const [history, estimate, budget] = await Promise.all([
    runHistory(db, now),
    refreshEstimate(db, configured.windows),
    backgroundStatus(db, now),
  ]);
  const last = history.lastRefresh;
  const shown =
    last && last.windowTo >= configured.from
      ? {
          // The later of the two ISO dates: months already past are no longer a forecast.
          from: [last.windowFrom, configured.from].sort()[1] ?? configured.from,
          to: last.windowTo,
        }
      : null;
  const events = shown ? await readForecastRows(db, shown) : [];
  const byMonth = forecastBy(events, 'month');
  return {
    window: shown ? { ...shown, months: monthsBetween(shown.from, shown.to) + 1 } : null,
    configuredMonths: configured.months,
    lastRefresh: last ? runView(last) : null,
    lastAttempt: history.lastAttempt ? runView(history.lastAttempt) : null,
    running: history.running ? runView(history.running) : null,
    nextRefresh: {
      calls: estimate.calls,
      known: estimate.known,
      basis: estimate.basis,
      windows: configured.windows.length,
    },
    budget: { spent: budget.spent, budget: budget.budget, sharePercent: budget.sharePercent },
    summary: forecastSummary(events),
    byMonth,
    byOffice: forecastBy(events, 'office'),
    byOwner: forecastBy(events, 'owner'),
    byFamily: forecastBy(events, 'family'),
    monthCurrency: monthCurrencyPoints(byMonth),
    patents: costToExpiry(events),
    computedAt: new Date().toISOString(),
  };
}
