/**
 * The shape every automatic invoice check answers with: a mark and a sentence a finance
 * person can act on. "Cannot check" (a null the spec allows, a record we do not have) is a warning,
 * never a pass and never a crash.
 */
export type CheckStatus = 'pass' | 'warning' | 'fail';

export const CHECK_IDS = [
  'lines-sum',
  'vat-total',
  'invoice-variance',
  'components-sum',
  'decision-recorded',
  'skip-drop-billing',
  'estimate-variance',
  'billed-once',
  'grace-surcharge',
] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export const CHECK_TITLES: Record<CheckId, string> = {
  'lines-sum': 'Lines add up to the subtotal',
  'vat-total': 'Subtotal plus VAT equals the total',
  'invoice-variance': 'Invoice matches the estimates',
  'components-sum': 'Components add up to the line total',
  'decision-recorded': 'A decision is recorded for the event',
  'skip-drop-billing': 'Skip or drop billed at most the service fee',
  'estimate-variance': 'Line matches its estimate',
  'billed-once': 'Event billed on one invoice only',
  'grace-surcharge': 'Grace surcharge only after the due date',
};

export interface CheckResult {
  id: CheckId;
  status: CheckStatus;
  explanation: string;
}

export type CheckCounts = Record<CheckStatus, number>;

export const pass = (id: CheckId, explanation: string): CheckResult => ({ id, status: 'pass', explanation });
export const warning = (id: CheckId, explanation: string): CheckResult => ({
  id,
  status: 'warning',
  explanation,
});
export const fail = (id: CheckId, explanation: string): CheckResult => ({ id, status: 'fail', explanation });

export function countChecks(results: Iterable<CheckResult>): CheckCounts {
  const counts: CheckCounts = { pass: 0, warning: 0, fail: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

/** The worst mark of a set: one fail makes the set fail. */
export function worstStatus(results: Iterable<CheckResult>): CheckStatus {
  let worst: CheckStatus = 'pass';
  for (const result of results) {
    if (result.status === 'fail') return 'fail';
    if (result.status === 'warning') worst = 'warning';
  }
  return worst;
}

/** "870.00 EUR": explanations are plain text, the same in every locale and in exports. */
export const money = (amount: string, currency: string) => `${amount} ${currency}`;
