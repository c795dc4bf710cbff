import type { CostToExpiry } from '../signals/signals';

/**
 * Review holds: a renewal put "under review" with an owner, a review-by date and the decision asked
 * for, before its deadline. Browser-safe: labels, the overdue rule and the quarters the reviews page
 * offers; the server keeps the holds (lib/server/reviews).
 */

export const ASKED_DECISIONS = ['keep', 'drop', 'undecided'] as const;
export type AskedDecision = (typeof ASKED_DECISIONS)[number];

export const ASKED_DECISION_LABELS: Record<AskedDecision, string> = {
  keep: 'Keep (renew)',
  drop: 'Drop',
  undecided: 'Undecided: recommend one',
};

/** The same in a narrow column (the committee pack's PDF table), whole rather than cut. */
export const ASKED_DECISION_SHORT_LABELS: Record<AskedDecision, string> = {
  keep: 'Keep (renew)',
  drop: 'Drop',
  undecided: 'Undecided',
};

export type HoldEnd = 'decided' | 'released';

/** One hold as pages and routes show it. */
export interface ReviewHoldView {
  id: string;
  eventId: string;
  patentId: string;
  /** The renewal's deadline in the copy when the hold was placed. */
  dueDate: string;
  owner: { userId: string; name: string; email: string };
  reviewBy: string;
  askedDecision: AskedDecision;
  note: string | null;
  createdByEmail: string | null;
  createdAt: string;
  endedAt: string | null;
  endedHow: HoldEnd | null;
  /** Open and its review-by date has passed. */
  overdue: boolean;
  caseReference: string | null;
  office: string | null;
}

/** A renewal due in the window, with its keep score: what the reviews page offers to put under review. */
export interface ReviewCandidate {
  eventId: string;
  patentId: string;
  caseReference: string | null;
  office: string | null;
  title: string | null;
  dueDate: string;
  annuityYear: number | null;
  fee: { amount: string; currency: string } | null;
  score: number;
  sentence: string;
  costToExpiry: CostToExpiry[];
  /** The last day the client's forecast covers; null while it is being built (no cost known). */
  forecastTo: string | null;
  hold: ReviewHoldView | null;
}

/** A hold is overdue once its review-by date is behind us and no decision ended it. */
export function isOverdue(hold: { reviewBy: string; endedAt: string | Date | null }, today: string): boolean {
  return hold.endedAt === null && hold.reviewBy < today;
}

export interface Quarter {
  /** "2027-Q1" */
  id: string;
  from: string;
  to: string;
  label: string;
}

const QUARTER = /^(\d{4})-Q([1-4])$/;

export function quarterOf(id: string): Quarter | null {
  const match = QUARTER.exec(id);
  if (!match) return null;
  const year = Number(match[1]);
  const index = Number(match[2]);
  const first = (index - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    id,
    from: `${year}-${pad(first)}-01`,
    to: `${year}-${pad(last)}-${pad(lastDay)}`,
    label: `Q${index} ${year} (${year}-${pad(first)} to ${year}-${pad(last)})`,
  };
}

/** The quarter `offset` quarters from the one holding `today` (YYYY-MM-DD): 1 is the next calendar quarter. */
export function quarterFrom(today: string, offset: number): Quarter {
  const year = Number(today.slice(0, 4));
  const index = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + offset;
  const shifted = year + Math.floor(index / 4);
  return quarterOf(`${shifted}-Q${(((index % 4) + 4) % 4) + 1}`) as Quarter;
}

/** "Under review by Ann until 2027-01-15" (overdue said so). */
export function holdSentence(
  hold: Pick<ReviewHoldView, 'reviewBy' | 'overdue'> & { owner: Pick<ReviewHoldView['owner'], 'name'> },
): string {
  return `Under review by ${hold.owner.name} until ${hold.reviewBy}${hold.overdue ? ' (overdue)' : ''}`;
}
