import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { keepScore } from '@/lib/signals/keep-score';
import type { RenewalSignals } from '@/lib/signals/signals';
import { RenewalSignalsList } from './renewal-signals';

const base = {
  costToExpiry: [],
  unpricedRenewals: 0,
  forecastTo: null,
  term: { expiry: '2038-06-01', extended: false, months: 147 },
  family: null,
  tags: [],
};

const signals = (over: Partial<RenewalSignals>): RenewalSignals => {
  const facts = { ...base, ...over };
  return {
    patentId: 'p-1',
    eventId: 'e-1',
    annuityYear: 7,
    dueDate: '2026-04-30',
    beyondForecast: false,
    surcharge: null,
    inGrace: false,
    decisions: [],
    keep: keepScore(facts),
    ...facts,
  } as RenewalSignals;
};

const costToKeep = (html: string) =>
  /Cost to keep<\/dt><dd>([^<]*)<\/dd>/.exec(html.replaceAll('<!-- -->', ''))?.[1];

describe('the signals beside a renewal', () => {
  it('say the forecast is being built before there is one, never that no renewals are left', () => {
    const html = renderToString(<RenewalSignalsList signals={signals({})} locale="en-GB" />);
    expect(costToKeep(html)).toBe('Not known yet: the forecast is being built');
    expect(html).not.toMatch(/No renewals left|nothing left to pay/);
  });

  it('name the year the cost to keep reaches, which is not the expiry', () => {
    const html = renderToString(
      <RenewalSignalsList
        signals={signals({
          forecastTo: '2028-02-29',
          beyondForecast: true,
          costToExpiry: [{ currency: 'EUR', total: '580.00', renewals: 2, lastDue: '2027-04-30' }],
        })}
        locale="en-GB"
      />,
    );
    expect(costToKeep(html)).toMatch(/^€580\.00 to keep to 2027 \(2 renewal/);
    expect(costToKeep(html)).toContain('; the term runs past the forecast (to 2028)');
  });
});
