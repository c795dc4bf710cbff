import 'server-only';
import { type Database, getDb } from '../../db';
import { getEnv } from '../../env';
import { forecastTables } from '../../forecast/aggregate';
import type { ForecastData } from '../../forecast/data';
import { forecastWindow } from '../../forecast/window';
import { currentYearMonth, monthsBetween } from '../../format/dates';
import { backgroundStatus } from '../connection/background-budget';
import { type RefreshEstimate, refreshEstimate } from './cost';
import { type RunRow, runHistory, runView } from './runs';
import { readForecastRows } from './store';

/**
 * The forecast page's data, from our database only: no upstream call, whatever the
 * window. The window shown is the last refresh's, from the current month on (months that have
 * passed since are no longer a forecast). Each client's forecast is its own (its refreshes, its
 * rows); several clients' are shown together, per currency.
 */
export async function loadForecast(
  connections: readonly string[],
  now = new Date(),
  database?: Database,
): Promise<ForecastData> {
  const db = database ?? (await getDb());
  const configured = forecastWindow(currentYearMonth(now), getEnv().FORECAST_MONTHS);
  const [histories, estimates, budget] = await Promise.all([
    Promise.all(connections.map((connection) => runHistory(db, connection, now))),
    // The next refresh of the clients shown: each client's estimate, added up.
    Promise.all(connections.map((connection) => refreshEstimate(db, configured.windows, connection))),
    backgroundStatus(db, now, connections[0]),
  ]);
  const shownOf = (last: RunRow | null) =>
    last && last.windowTo >= configured.from
      ? {
          // The later of the two ISO dates: months already past are no longer a forecast.
          from: [last.windowFrom, configured.from].sort()[1] ?? configured.from,
          to: last.windowTo,
        }
      : null;
  const windows = histories.map((history) => shownOf(history.lastRefresh));
  const events = (
    await Promise.all(
      connections.map((connection, index) => {
        const shown = windows[index];
        return shown ? readForecastRows(db, shown, connection) : [];
      }),
    )
  ).flat();
  const shown = spanOf(windows.filter((span) => span !== null));
  const last = latest(histories.map((history) => history.lastRefresh));
  const lastAttempt = latest(histories.map((history) => history.lastAttempt));
  const running = latest(histories.map((history) => history.running));
  return {
    window: shown ? { ...shown, months: monthsBetween(shown.from, shown.to) + 1 } : null,
    configuredMonths: configured.months,
    lastRefresh: last ? runView(last) : null,
    lastAttempt: lastAttempt ? runView(lastAttempt) : null,
    running: running ? runView(running) : null,
    runningClients: connections.filter((_, index) => histories[index]?.running),
    nextRefresh: {
      calls: estimates.reduce((sum, estimate) => sum + estimate.calls, 0),
      known: estimates.every((estimate) => estimate.known),
      basis: worstBasis(estimates.map((estimate) => estimate.basis)),
      windows: configured.windows.length,
    },
    budget: { spent: budget.spent, budget: budget.budget, sharePercent: budget.sharePercent },
    ...forecastTables(events),
    computedAt: new Date().toISOString(),
  };
}

/** The weakest basis among the clients' estimates (a read, then the portfolio's size, then a minimum). */
function worstBasis(bases: readonly RefreshEstimate['basis'][]): RefreshEstimate['basis'] {
  return bases.includes('minimum') ? 'minimum' : bases.includes('portfolio') ? 'portfolio' : 'read';
}

/** The span of the clients' windows (ISO dates compare as text). */
function spanOf(windows: readonly { from: string; to: string }[]): { from: string; to: string } | null {
  if (windows.length === 0) return null;
  return {
    from: windows.map((span) => span.from).sort()[0] as string,
    to: windows
      .map((span) => span.to)
      .sort()
      .reverse()[0] as string,
  };
}

/** The run started last among the clients'. */
function latest(runs: readonly (RunRow | null)[]): RunRow | null {
  return runs.reduce<RunRow | null>(
    (last, run) => (run && (!last || run.startedAt > last.startedAt) ? run : last),
    null,
  );
}
