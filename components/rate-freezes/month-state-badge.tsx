import { Badge } from '@/components/ui/badge';
import { FREEZE_STATE_LABELS } from '@/lib/rate-freezes/labels';
import type { FreezeMonthState } from '@/lib/rate-freezes/months';

export function MonthStateBadge({ state }: { state: FreezeMonthState }) {
  const label = FREEZE_STATE_LABELS[state];
  return (
    <Badge tone={label.tone} data-freeze-state={state}>
      {label.label}
    </Badge>
  );
}
