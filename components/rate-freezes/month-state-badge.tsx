import { Badge } from '@/components/ui/badge';
import { FREEZE_STATE_LABELS, UNCONFIRMED_FREEZABLE_LABEL } from '@/lib/rate-freezes/labels';
import { canFreezeNow, type FreezeMonthState } from '@/lib/rate-freezes/months';

/** `confirmed` false: freezable as far as is known, but the unpublished horizon may exclude it. */
export function MonthStateBadge({
  state,
  confirmed = true,
}: {
  state: FreezeMonthState;
  confirmed?: boolean;
}) {
  const label =
    state === 'freezable' && !canFreezeNow({ state, confirmed })
      ? UNCONFIRMED_FREEZABLE_LABEL
      : FREEZE_STATE_LABELS[state];
  return (
    <Badge tone={label.tone} data-freeze-state={state}>
      {label.label}
    </Badge>
  );
}
