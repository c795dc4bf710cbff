'use client';

import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { formatMoney } from '@/lib/annuity/money';
import { feeComponentLabel, feesStatusLabel } from '@/lib/renewals/labels';
import type { RowFees } from '@/lib/renewals/rows';
import { type FeeTotalProps, FeeTotalTrigger } from './fee-total-trigger';

/** The fee total as a button that opens its components (spec: Fees). Loaded after hydration. */
export function FeeTotalPopover({ fees, total, label, locale }: FeeTotalProps) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <FeeTotalTrigger total={total} label={label} />
      </PopoverTrigger>
      <PopoverContent className="w-80">
        <FeeBreakdown fees={fees} locale={locale} />
      </PopoverContent>
    </Popover>
  );
}

function FeeBreakdown({ fees, locale }: { fees: RowFees; locale: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">
        {feesStatusLabel(fees.feesStatus)?.label ?? fees.feesStatus} fees in {fees.currency}
      </p>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        {fees.components.map((component) => (
          <div key={component.type} className="contents">
            <dt className="text-muted-foreground">{feeComponentLabel(component.type)}</dt>
            <dd className="text-right font-mono tabular-nums">
              {formatMoney(component.amount, fees.currency, locale)}
            </dd>
          </div>
        ))}
        <div className="contents font-medium">
          <dt>Total</dt>
          <dd className="text-right font-mono tabular-nums">
            {fees.total === null ? '—' : formatMoney(fees.total, fees.currency, locale)}
          </dd>
        </div>
      </dl>
      {fees.isFxRateFrozen ? (
        <p className="text-xs text-muted-foreground">The exchange rate is frozen for this month.</p>
      ) : fees.feesStatus === 'ESTIMATED' ? (
        <p className="text-xs text-muted-foreground">Estimates move with exchange rates until invoiced.</p>
      ) : null}
    </div>
  );
}
