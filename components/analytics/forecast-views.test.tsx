import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ForecastCost, ForecastEmpty } from '@/components/analytics/forecast-status';
import { ForecastTables } from '@/components/analytics/forecast-tables';
import { forecastTables } from '@/lib/forecast/aggregate';
import type { ForecastData, ForecastEvent } from '@/lib/forecast/data';

/** The forecast page's parts rendered as the server renders them. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

let sequence = 0;
function event(overrides: Partial<ForecastEvent>): ForecastEvent {
  sequence += 1;
  const dueDate = overrides.dueDate ?? '2027-01-31';
  return {
    eventId: `e${sequence}`,
    patentId: `p${sequence}`,
    dueDate,
    month: dueDate.slice(0, 7),
    annuityYear: 4,
    office: 'EP',
    owner: 'Acme',
    family: 'F1',
    caseReference: `CASE-${sequence}`,
    currency: 'EUR',
    total: '100.00',
    components: [],
    appliedDecision: null,
    isFxRateFrozen: false,
    feesStatus: 'ESTIMATED',
    ...overrides,
  };
}

const run = {
  id: 'run-1',
  status: 'done' as const,
  windowFrom: '2027-01-01',
  windowTo: '2028-12-31',
  calls: 7,
  events: 5,
  detail: 'The service lists renewals through 2028-11.',
  startedAt: '2027-01-02T05:41:00.000Z',
  finishedAt: '2027-01-02T05:41:09.000Z',
};

function data(events: ForecastEvent[], overrides: Partial<ForecastData> = {}): ForecastData {
  return {
    window: { from: '2027-01-01', to: '2028-12-31', months: 24 },
    configuredMonths: 24,
    lastRefresh: run,
    lastAttempt: run,
    running: null,
    runningClients: [],
    nextRefresh: { calls: 7, known: true, basis: 'read', windows: 4 },
    budget: { spent: 120, budget: 1000, sharePercent: 10 },
    ...forecastTables(events),
    computedAt: '2027-01-02T06:00:00.000Z',
    ...overrides,
  };
}

describe('the forecast tables', () => {
  const events = [
    event({ patentId: 'jp-1', office: 'JP', currency: 'JPY', total: '45000' }),
    event({ patentId: 'jp-1', office: 'JP', currency: 'JPY', total: '46000', dueDate: '2028-01-31' }),
    event({ currency: 'EUR', total: '1250.50' }),
    event({ currency: null, total: null }),
    event({ currency: 'EUR', total: '999.00', appliedDecision: 'DROP' }),
  ];

  it('shows months down and currencies across, JPY without decimals, missing estimates counted apart', () => {
    const html = text(renderToString(<ForecastTables data={data(events)} locale="en-GB" />));
    expect(html).toContain('data-testid="forecast-by-month"');
    expect(html).toContain('¥45,000');
    expect(html).toContain('€1,250.50');
    expect(html).toContain('Without estimate');
    // The dropped renewal is in no total, and the page says so.
    expect(html).not.toContain('€999.00');
    expect(html).toContain(
      '1 renewal already dropped or skipped: kept in the forecast’s copy, left out of every total',
    );
    expect(html).toContain('1 renewal without an estimate yet: counted, not priced');
    // One chart per currency, never two on one axis, each a named image.
    expect(html).toContain('Estimated renewal fees in EUR by due month');
    expect(html).toContain('Estimated renewal fees in JPY by due month');
    expect(html).not.toContain('Estimated renewal fees in EUR and');
  });

  it('lists each currency’s costliest patents with a link to the patent', () => {
    const html = text(renderToString(<ForecastTables data={data(events)} locale="en-GB" />));
    expect(html).toContain('href="/portfolio/jp-1"');
    expect(html).toContain('¥91,000');
    expect(html).toContain('href="/api/analytics/forecast/export?table=patents&amp;format=xlsx"');
  });
});

describe('the forecast’s quota cost and empty state', () => {
  it('shows the last refresh’s calls, renewals and window, and the next refresh’s cost', () => {
    const html = text(renderToString(<ForecastCost data={data([])} locale="en-GB" />));
    expect(html).toContain('5 renewals due');
    expect(html).toMatch(/read in <span[^>]*>7<\/span> calls/);
    expect(html).toContain('120 of 1000 calls spent this quota day');
  });

  it('says what builds the forecast and when it last ran before there is one', () => {
    const skipped = {
      ...run,
      status: 'skipped' as const,
      detail: 'The background budget would be exceeded.',
    };
    const html = text(
      renderToString(
        <ForecastEmpty
          data={data([], { window: null, lastRefresh: null, lastAttempt: skipped })}
          locale="en-GB"
          action={<button type="button">Refresh now</button>}
        />,
      ),
    );
    expect(html).toContain('The forecast is being built');
    expect(html).toContain('builds it from the synced copy as soon as the copy holds every month it needs');
    expect(html).toContain('was skipped (The background budget would be exceeded.)');
    expect(html).toContain('Refresh now');
  });
});
