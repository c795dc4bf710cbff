import { Badge } from '@/components/ui/badge';
import type { ItemOutcome } from '@/lib/decisions/batch';
import type { BatchState } from '@/lib/decisions/batch-states';
import type { Tone } from '@/lib/renewals/labels';

const STATES: Record<BatchState, { label: string; tone: Tone }> = {
  preparing: { label: 'Being prepared', tone: 'neutral' },
  posting: { label: 'Sending', tone: 'info' },
  executed: { label: 'Executed', tone: 'success' },
  rejected: { label: 'Refused, nothing executed', tone: 'danger' },
  outcome_unknown: { label: 'Outcome not known yet', tone: 'warning' },
  reconciled: { label: 'Checked after no answer', tone: 'info' },
  // Issue 18, maker-checker.
  awaiting_approval: { label: 'Awaiting approval', tone: 'warning' },
  returned: { label: 'Sent back, nothing sent', tone: 'neutral' },
};

const OUTCOMES: Record<ItemOutcome, { label: string; tone: Tone }> = {
  pending: { label: 'Pending', tone: 'neutral' },
  executed: { label: 'Executed', tone: 'success' },
  not_executed: { label: 'Not executed', tone: 'danger' },
};

export function BatchStateBadge({ state }: { state: BatchState }) {
  const entry = STATES[state] ?? { label: state, tone: 'neutral' };
  return <Badge tone={entry.tone}>{entry.label}</Badge>;
}

export function ItemOutcomeBadge({ outcome }: { outcome: ItemOutcome }) {
  const entry = OUTCOMES[outcome] ?? { label: outcome, tone: 'neutral' };
  return <Badge tone={entry.tone}>{entry.label}</Badge>;
}
