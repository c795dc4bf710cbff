import type { ForecastEvent } from './data';

let sequence = 0;

/**
 * A forecast row for tests: an undecided EP renewal estimated at 100.00 EUR of office fee, due
 * 31 Jan 2027; each row its own renewal and patent unless told otherwise.
 */
export function forecastEvent(overrides: Partial<ForecastEvent> = {}): ForecastEvent {
  sequence += 1;
  const dueDate = overrides.dueDate ?? '2027-01-31';
  return {
    eventId: `event-${sequence}`,
    patentId: `patent-${sequence}`,
    dueDate,
    month: dueDate.slice(0, 7),
    annuityYear: 5,
    office: 'EP',
    owner: 'Acme',
    family: 'F-1',
    caseReference: `C-${sequence}`,
    currency: 'EUR',
    total: '100.00',
    components: [{ type: 'OFFICE', amount: overrides.total ?? '100.00' }],
    appliedDecision: null,
    isFxRateFrozen: false,
    feesStatus: 'ESTIMATED',
    ...overrides,
  };
}
