import Big from 'big.js';
import { compareAmounts, formatMoney, isDecimal } from '../annuity/money';
import { costToKeepClause } from './cost-to-keep';
import type { RenewalSignals } from './signals';

/**
 * The keep score: a transparent rule, not a model. Every renewal starts at 50 and each factor adds
 * or takes points by a weight the administrator sets, so the score is the sum of its reasons and
 * each reason is shown. Higher means more reason to keep paying.
 *
 * - term left: up to +`term` points, in proportion to the years left (ten years or more: all);
 * - cost: up to −`cost` points, in proportion to the average remaining renewal against the amount
 *   the administrator calls expensive in that currency (amounts of two currencies are never
 *   compared or added: the service publishes no exchange rates, spec: Fees);
 * - family: up to −`familyDropped` points, in proportion to the family members no longer kept;
 * - tags: +`protectingTag` when a protecting tag is carried, −`exposingTag` for an exposing one.
 */
export interface KeepScoreWeights {
  term: number;
  cost: number;
  familyDropped: number;
  protectingTag: number;
  exposingTag: number;
  protectingTags: string[];
  exposingTags: string[];
  /** What one renewal costing this much or more counts as expensive, per currency (decimal strings). */
  expensiveRenewal: { currency: string; amount: string }[];
}

export const DEFAULT_KEEP_SCORE_WEIGHTS: KeepScoreWeights = {
  term: 20,
  cost: 20,
  familyDropped: 20,
  protectingTag: 30,
  exposingTag: 30,
  protectingTags: ['core', 'licensed', 'litigation'],
  exposingTags: ['expendable', 'non-core'],
  expensiveRenewal: [
    { currency: 'EUR', amount: '2000.00' },
    { currency: 'USD', amount: '2000.00' },
    { currency: 'GBP', amount: '1800.00' },
    { currency: 'CHF', amount: '2000.00' },
    { currency: 'JPY', amount: '300000' },
  ],
};

type KeepFactor = 'term' | 'cost' | 'family' | 'tags';

interface KeepReason {
  factor: KeepFactor;
  /** Points this factor added (positive) or took (negative), rounded to whole points. */
  points: number;
}

export interface KeepScore {
  /** 0 to 100. */
  score: number;
  reasons: KeepReason[];
  /** The tags that protected or exposed the patent. */
  protectingTags: string[];
  exposingTags: string[];
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How expensive the remaining renewals are, 0 to 1, from the currency whose ratio is highest. */
function costShare(signals: Pick<RenewalSignals, 'costToExpiry'>, weights: KeepScoreWeights): number {
  let share = 0;
  for (const line of signals.costToExpiry) {
    const limit = weights.expensiveRenewal.find((item) => item.currency === line.currency);
    if (!limit || !isDecimal(limit.amount) || compareAmounts(limit.amount, '0') <= 0 || line.renewals === 0) {
      continue;
    }
    // A ratio of two amounts of one currency, not money: a plain number is right for points.
    const ratio = new Big(line.total).div(line.renewals).div(limit.amount).toNumber();
    share = Math.max(share, clamp(ratio, 0, 1));
  }
  return share;
}

export function keepScore(
  signals: Pick<RenewalSignals, 'costToExpiry' | 'term' | 'family' | 'tags'>,
  weights: KeepScoreWeights = DEFAULT_KEEP_SCORE_WEIGHTS,
): KeepScore {
  const reasons: KeepReason[] = [];
  if (signals.term) {
    reasons.push({
      factor: 'term',
      points: Math.round(weights.term * clamp(signals.term.months / 120, 0, 1)),
    });
  }
  if (signals.costToExpiry.length > 0) {
    reasons.push({ factor: 'cost', points: 0 - Math.round(weights.cost * costShare(signals, weights)) });
  }
  if (signals.family && signals.family.members > 1) {
    const dropped = signals.family.members - signals.family.kept;
    reasons.push({
      factor: 'family',
      points: 0 - Math.round((weights.familyDropped * dropped) / signals.family.members),
    });
  }
  const protectingTags = signals.tags.filter((tag) => weights.protectingTags.includes(tag));
  const exposingTags = signals.tags.filter((tag) => weights.exposingTags.includes(tag));
  const tagPoints =
    (protectingTags.length > 0 ? weights.protectingTag : 0) -
    (exposingTags.length > 0 ? weights.exposingTag : 0);
  reasons.push({ factor: 'tags', points: tagPoints });
  const score = clamp(50 + reasons.reduce((sum, reason) => sum + reason.points, 0), 0, 100);
  return { score, reasons, protectingTags, exposingTags };
}

/**
 * The sentence that explains a score, one clause per signal it weighed:
 * "€14,200.00 to keep to 2028; term to 2034; 3 of 7 family members already dropped; no protecting tag".
 */
export function keepSentence(
  signals: Pick<RenewalSignals, 'costToExpiry' | 'unpricedRenewals' | 'forecastTo' | 'term' | 'family'>,
  keep: Pick<KeepScore, 'protectingTags' | 'exposingTags'>,
  locale?: string,
): string {
  const clauses: string[] = [
    costToKeepClause(signals, (amount, currency) => formatMoney(amount, currency, locale)),
  ];
  if (signals.term) {
    clauses.push(signals.term.months === 0 ? 'term over' : `term to ${signals.term.expiry.slice(0, 4)}`);
  } else {
    clauses.push('no expiry date known');
  }
  if (signals.family && signals.family.members > 1) {
    const dropped = signals.family.members - signals.family.kept;
    clauses.push(
      dropped === 0
        ? `all ${signals.family.members} family members kept`
        : `${dropped} of ${signals.family.members} family members already dropped`,
    );
  }
  if (keep.protectingTags.length > 0) clauses.push(`protected by ${keep.protectingTags.join(', ')}`);
  else clauses.push('no protecting tag');
  if (keep.exposingTags.length > 0) clauses.push(`tagged ${keep.exposingTags.join(', ')}`);
  return clauses.join('; ');
}
