import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env-schema';
import { forecastWindow } from '@/lib/forecast/window';

describe('how far the forecast reads (FORECAST_MONTHS)', () => {
  it('is 24 months by default, and 12 to 36 as the issue asks', () => {
    expect(parseEnv({}).FORECAST_MONTHS).toBe(24);
    expect(parseEnv({ FORECAST_MONTHS: '36' }).FORECAST_MONTHS).toBe(36);
    expect(parseEnv({ FORECAST_MONTHS: '' }).FORECAST_MONTHS).toBe(24);
    expect(() => parseEnv({ FORECAST_MONTHS: '11' })).toThrow(/FORECAST_MONTHS/);
    expect(() => parseEnv({ FORECAST_MONTHS: '37' })).toThrow(/FORECAST_MONTHS/);
    expect(() => parseEnv({ FORECAST_MONTHS: '18.5' })).toThrow(/FORECAST_MONTHS/);
  });

  it('reads 36 months in six period-list windows, so a refresh costs at least six calls', () => {
    const span = forecastWindow('2026-11', parseEnv({ FORECAST_MONTHS: '36' }).FORECAST_MONTHS);
    expect(span.windows).toHaveLength(6);
    expect(span.to).toBe('2029-10-31');
  });
});
