import { int, list, text } from '@/lib/http/url-state';

const name = () => text({ trim: true, min: 1, max: 100 });

/**
 * A scenario's rule as the address holds it (`/analytics/scenarios?office=DE&tag=core&from=10`), so
 * a scenario is saved (a saved view), shared and compared as a link. `from` 0 (or absent) stops
 * each patent from its next renewal.
 */
export const scenarioUrlState = {
  office: list(text({ trim: true, upper: true, min: 1, max: 10 }), { sent: ['api'] }),
  family: list(name(), { sent: ['api'] }),
  tag: list(name(), { sent: ['api'] }),
  from: int({ min: 0, max: 50, default: 0, sent: ['api'] }),
  // Keep score below this (0 to 100; 0 or absent: no filter on the score).
  below: int({ min: 0, max: 100, default: 0, sent: ['api'] }),
};
