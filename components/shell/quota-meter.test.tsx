import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuotaMeter } from './quota-meter';

const now = new Date('2026-11-24T10:00:00Z');
const reading = {
  limit: 10000,
  remaining: 8421,
  resetAt: new Date('2026-11-25T00:00:00Z'),
  exhaustedUntil: null,
  observedAt: now,
};

describe('the quota meter', () => {
  it('writes the calls left in the viewer’s number format', () => {
    expect(renderToString(<QuotaMeter reading={reading} locale="de-DE" now={now} />)).toContain(
      'API quota: 8.421 of 10.000 calls left today',
    );
    expect(renderToString(<QuotaMeter reading={reading} locale="en-US" now={now} />)).toContain(
      'API quota: 8,421 of 10,000 calls left today',
    );
  });

  it('names the reset time in the viewer’s clock when the quota is used up', () => {
    // The run's time zone is UTC (test/global-setup.ts), whatever the machine's.
    const usedUp = { ...reading, remaining: 0, exhaustedUntil: reading.resetAt };
    // ICU versions differ in the space before AM (U+202F in some): compared as plain spaces.
    const us = renderToString(<QuotaMeter reading={usedUp} locale="en-US" now={now} />).replace(/\s/gu, ' ');
    expect(us).toContain('Quota used up');
    expect(us).toContain('API quota used up until 12:00 AM UTC');
    expect(renderToString(<QuotaMeter reading={usedUp} locale="en-GB" now={now} />)).toContain(
      'API quota used up until 00:00 UTC',
    );
  });
});
