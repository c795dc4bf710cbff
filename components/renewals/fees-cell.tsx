'use client';

import { useRef } from 'react';
import { useLocale } from '@/components/shell/locale';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/annuity/money';
import type { RowFees } from '@/lib/renewals/rows';
import { loadFeeBreakdown, toggleFeeBreakdown, useFeeBreakdownOpenOn } from './fee-breakdown-store';

/**
 * The total as a button that opens its breakdown: the page's one popover, hung from this button
 * (./fee-breakdown-store.ts), so a row carries no popover of its own.
 */
function FeeTotalButton({
  fees,
  total,
  label,
  locale,
}: {
  fees: RowFees;
  total: string;
  label: string;
  locale: string;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  const open = useFeeBreakdownOpenOn(ref);
  return (
    <Button
      ref={ref}
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 px-1.5 font-mono tabular-nums"
      aria-label={`${total}: fee breakdown for ${label}`}
      aria-haspopup="dialog"
      aria-expanded={open}
      onPointerEnter={() => void loadFeeBreakdown()}
      onFocus={() => void loadFeeBreakdown()}
      onClick={(event) => toggleFeeBreakdown({ fees, label, locale, anchor: event.currentTarget })}
    >
      {total}
    </Button>
  );
}

/** A fee total with its currency, and its components on demand (spec: Fees). */
export function FeesCell({ fees, label }: { fees: RowFees | null; label: string }) {
  const locale = useLocale();
  if (!fees) return <span className="text-muted-foreground">No estimate</span>;
  const total = fees.total === null ? 'Not known yet' : formatMoney(fees.total, fees.currency, locale);
  return (
    <span className="inline-flex items-center gap-1.5">
      <FeeTotalButton fees={fees} total={total} label={label} locale={locale} />
      {fees.isFxRateFrozen ? (
        <Badge tone="info" title="Exchange rate frozen for this month">
          FX frozen
        </Badge>
      ) : null}
    </span>
  );
}
