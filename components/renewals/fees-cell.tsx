'use client';

import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { deferred } from '@/components/ui/deferred';
import { formatMoney } from '@/lib/annuity/money';
import type { RowFees } from '@/lib/renewals/rows';
import { type FeeTotalProps, FeeTotalTrigger } from './fee-total-trigger';

/** Until the popover's code arrives: the same button, saying it opens a dialog, not yet opening it. */
function FeeTotalPlaceholder({ total, label }: FeeTotalProps) {
  return (
    <FeeTotalTrigger type="button" total={total} label={label} aria-haspopup="dialog" aria-expanded={false} />
  );
}

// Every row of a month view has one: the popover's code loads after the page hydrates
// (./fee-total-popover.tsx), so the month view does not carry it in its first load.
const FeeTotal = deferred(
  () => import('./fee-total-popover').then((module) => module.FeeTotalPopover),
  FeeTotalPlaceholder,
);

/** A fee total with its currency, and its components on demand (spec: Fees). */
export function FeesCell({ fees, label }: { fees: RowFees | null; label: string }) {
  const locale = useLocale();
  if (!fees) return <span className="text-muted-foreground">No estimate</span>;
  const total = fees.total === null ? 'Not known yet' : formatMoney(fees.total, fees.currency, locale);
  return (
    <span className="inline-flex items-center gap-1.5">
      <FeeTotal fees={fees} total={total} label={label} locale={locale} />
      {fees.isFxRateFrozen ? (
        <Badge tone="info" title="Exchange rate frozen for this month">
          FX frozen
        </Badge>
      ) : null}
    </span>
  );
}
