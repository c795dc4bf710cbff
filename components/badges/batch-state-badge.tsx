import { Badge } from '@/components/ui/badge';
import type { ItemOutcome } from '@/lib/decisions/batch';
import type { BatchState } from '@/lib/decisions/batch-states';
import { formatDate } from '@/lib/format/dates';
import { type EnumLabel, enumLabel } from '@/lib/renewals/labels';
import { EnumBadge } from './enum-badge';

const STATES: Record<BatchState, EnumLabel> = {
  preparing: { label: 'Being prepared', tone: 'neutral' },
  posting: { label: 'Sending', tone: 'info' },
  executed: { label: 'Executed', tone: 'success' },
  rejected: { label: 'Refused, nothing executed', tone: 'danger' },
  outcome_unknown: { label: 'Checking with the service', tone: 'warning' },
  reconciled: { label: 'Checked after no answer', tone: 'info' },
  // Maker-checker: waiting for a manager's approval, or sent back by one.
  awaiting_approval: { label: 'Awaiting approval', tone: 'warning' },
  returned: { label: 'Sent back, nothing sent', tone: 'neutral' },
};

const OUTCOMES: Record<ItemOutcome, EnumLabel> = {
  pending: { label: 'Pending', tone: 'neutral' },
  executed: { label: 'Executed', tone: 'success' },
  not_executed: { label: 'Not executed', tone: 'danger' },
};

/**
 * A batch's state. `scheduled`: the service accepted every renewal still pending and scheduled it
 * (its receipt, lib/decisions/scheduled.ts), so the batch waits for the service's own date rather
 * than for an answer.
 */
export function BatchStateBadge({ state, scheduled = false }: { state: BatchState; scheduled?: boolean }) {
  if (state === 'outcome_unknown' && scheduled) return <Badge tone="info">Scheduled at the service</Badge>;
  return <EnumBadge value={enumLabel(STATES, state)} />;
}

/** A pending renewal of a batch checking with the service, by why it is pending. */
const PENDING: Record<string, EnumLabel> = {
  // The service still shows it undecided after a lost answer: not "not executed" (it may yet be).
  not_confirmed: { label: 'Not confirmed yet', tone: 'warning' },
  // Taken by the service, applied on its own schedule (a mode other than DIRECT).
  awaiting_execution: { label: 'Scheduled', tone: 'info' },
};

export function ItemOutcomeBadge({
  outcome,
  problemCode,
  scheduledFor = null,
  locale,
}: {
  outcome: ItemOutcome;
  problemCode?: string | null;
  /** The date the service's receipt schedules it for (lib/decisions/scheduled.ts). */
  scheduledFor?: string | null;
  locale?: string;
}) {
  if (outcome === 'pending' && scheduledFor) return <ScheduledBadge date={scheduledFor} locale={locale} />;
  const entry =
    (outcome === 'pending' && problemCode ? PENDING[problemCode] : undefined) ?? enumLabel(OUTCOMES, outcome);
  return <EnumBadge value={entry} />;
}

/**
 * Accepted by the service and executed on the date its receipt gives (a mode other than DIRECT,
 * spec: Instruction, `scheduledForExecutionAt`): neither undecided nor executed yet.
 */
export function ScheduledBadge({ date, locale }: { date: string; locale?: string | undefined }) {
  return <Badge tone="info">Scheduled for {formatDate(date, locale)}</Badge>;
}
