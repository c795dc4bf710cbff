import type { Instructability } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';
import { decisionLabel, type Tone } from './labels';

/**
 * The instructability badge, read only from what the service reported (spec: Patent event,
 * instructability — "must never be inferred from duePeriod"). One place decides the wording, so
 * the month view, the filters, the counts and the decision form always agree.
 */
export const BADGE_KINDS = [
  'allowed',
  'too-early',
  'earlier-pending',
  'already-instructed',
  'blocked-other',
  'not-reported',
] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

export const BADGE_KIND_LABELS: Record<BadgeKind, string> = {
  allowed: 'Open for instruction',
  'too-early': 'Too early',
  'earlier-pending': 'Earlier renewal pending',
  'already-instructed': 'Already instructed',
  'blocked-other': 'Blocked (other reason)',
  'not-reported': 'Not reported',
};

export interface InstructabilityBadge {
  kind: BadgeKind;
  label: string;
  tone: Tone;
  /** The decisions the service offers now; empty when not allowed. */
  decisions: string[];
}

export function badgeKind(instructability: Instructability | null): BadgeKind {
  if (!instructability) return 'not-reported';
  if (instructability.isAllowed) return 'allowed';
  switch (instructability.blockedReason) {
    case 'TOO_EARLY':
      return 'too-early';
    case 'EARLIER_EVENT_PENDING':
      return 'earlier-pending';
    case 'ALREADY_INSTRUCTED':
      return 'already-instructed';
    default:
      return 'blocked-other';
  }
}

export function instructabilityBadge(
  instructability: Instructability | null,
  locale?: string,
): InstructabilityBadge {
  const kind = badgeKind(instructability);
  const decisions = instructability?.isAllowed ? instructability.allowedDecisions : [];
  switch (kind) {
    case 'allowed':
      return {
        kind,
        tone: 'success',
        decisions,
        label: `Open: ${decisions.map((d) => decisionLabel(d)?.label ?? d).join(' · ') || 'no decision offered'}`,
      };
    case 'too-early':
      return {
        kind,
        tone: 'neutral',
        decisions,
        label: instructability?.opensAt
          ? `Opens ${formatDate(instructability.opensAt, locale)}`
          : 'Too early',
      };
    case 'earlier-pending':
      return { kind, tone: 'warning', decisions, label: 'Earlier renewal pending' };
    case 'already-instructed':
      return { kind, tone: 'info', decisions, label: 'Already instructed' };
    case 'blocked-other':
      // A reason a later v2 may add: shown as sent (spec: Versioning 3).
      return { kind, tone: 'neutral', decisions, label: instructability?.blockedReason ?? 'Not open' };
    default:
      return { kind, tone: 'neutral', decisions, label: 'Not reported' };
  }
}
