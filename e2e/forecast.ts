import { expect, type Page } from '@playwright/test';

/** How the forecast's last refresh of the client in view stands, from its own record. */
export async function forecastAttempt(page: Page): Promise<string> {
  const forecast = (await (await page.request.get('/api/analytics/forecast')).json()) as {
    lastAttempt: { status: string } | null;
  };
  return forecast.lastAttempt?.status ?? 'none';
}

/**
 * Refreshes the forecast as a manager does: "Refresh now" on the forecast page, which offers one per
 * client it shows (a refresh is one client's: its key, its budget). The journeys have the first
 * client chosen in the header, so the page offers one, naming none. A refresh already running (the
 * sync job's first build, or one started since the page was drawn) is waited for alike. The wait is
 * on the refresh's own record, never a timer: reading a year of period lists takes minutes on a busy
 * machine.
 */
export async function refreshForecastOnPage(page: Page): Promise<void> {
  await page.goto('/analytics/forecast', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Forecast', level: 1 })).toBeVisible();
  const refresh = page.getByRole('button', { name: /^(Refresh now|Refreshing…)/ });
  await expect(refresh).toHaveCount(1);
  if (await refresh.isEnabled()) {
    await refresh.click();
    await expect(page.getByTestId('forecast-refresh-outcome')).toHaveText(
      /^Refresh started: about \d+ calls\.$|^The forecast has been refreshing since /,
    );
  }
  await expect
    .poll(() => forecastAttempt(page), { timeout: 180_000, intervals: [1_000, 2_000, 5_000] })
    .toBe('done');
}
